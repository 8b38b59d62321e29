/**
 * The SQL statement budget of a guest's checkout (issue #10, ADR 022): the most
 * statements each step may send, with reference data cached as in production. The
 * order's includes the test-mode gateway's ledger (Braintree replaces it with HTTPS
 * calls). `checkout-statements.integration.test.ts` holds every step to it and
 * `npm run bench:orders` prints the order's figure against it, so the number lives here
 * only. The order's 15 became 21 with the card-testing guard (ADR 040): its attempt is
 * admitted in a transaction (BEGIN, the keys' locks, count, write, COMMIT), its card's
 * fingerprint is screened the same way, and a paid attempt's rows are deleted.
 */
export const CHECKOUT_STATEMENT_BUDGET = {
  'create basket': 2,
  'add item': 3,
  details: 2,
  'GET basket': 1,
  delivery: 2,
  order: 21,
} as const;
