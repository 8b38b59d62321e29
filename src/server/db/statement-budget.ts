/**
 * The SQL statement budget of a guest's checkout (issue #10, ADR 022): the most
 * statements each step may send, with reference data cached as in production. The
 * order's includes the test-mode gateway's ledger (Braintree replaces it with HTTPS
 * calls). `checkout-statements.integration.test.ts` holds every step to it and
 * `npm run bench:orders` prints the order's figure against it, so the number lives here
 * only. The order is 10 statements without the card-testing guard (ADR 040) and 13 with
 * it: the attempt admitted and its card's fingerprint screened (one statement each,
 * `admit_payment_attempt`, migration 020: it was a transaction of 5 each, 21 in all),
 * and a paid attempt's rows deleted.
 */
export const CHECKOUT_STATEMENT_BUDGET = {
  'create basket': 2,
  'add item': 3,
  details: 2,
  'GET basket': 1,
  delivery: 2,
  order: 13,
} as const;
