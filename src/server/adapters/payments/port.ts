/**
 * The payment gateway port: client tokens, sales, voids/refunds, the customer vault,
 * lookups for reconciliation and webhook parsing. Adapters: Braintree (npm `braintree`,
 * braintree.ts) and an offline test mode that behaves like Braintree's sandbox
 * (test-mode.ts). Card numbers never reach the shop's server in either mode: the
 * browser turns card details into a single-use nonce first.
 */
import type { PaymentMethodType } from '../../../domain/api/order.ts';
import type { ContentSources } from '../content-sources.ts';

/** The billing address sent with a sale (Braintree's `billing` names). */
export interface GatewayAddress {
  firstName: string;
  lastName: string;
  company?: string;
  streetAddress: string;
  extendedAddress?: string;
  locality: string;
  region?: string;
  postalCode: string;
  /** ISO 3166 alpha-2, e.g. 'GB'. */
  countryCodeAlpha2: string;
}

/** What the shop shows of the method a sale was paid with. */
export interface PaidWith {
  type: PaymentMethodType;
  /** Cards: 'Visa', 'MasterCard', 'American Express'… */
  cardType: string | null;
  lastFour: string | null;
}

export interface SaleRequest {
  /** Pence, VAT-inclusive, > 0. */
  amount: number;
  /** A nonce from the browser (or from a vaulted card). */
  nonce: string;
  /** Fraud-check device data from the browser (may be empty for wallets). */
  deviceData: string;
  /** The shop's order reference (the order's public id): one sale per order id. */
  orderId: string;
  billing: GatewayAddress | null;
  /** The signed-in customer's vault id (the shop's user id as a string), if any. */
  customerId: string | null;
  /** Keep a new card in the customer's vault on success. */
  storeInVault: boolean;
  /**
   * Asked with the card's fingerprint as soon as the gateway knows it, before any
   * charge: false refuses the sale as `rate_limit` (card testing, ADR 040).
   */
  screenCard?: (fingerprint: string) => Promise<boolean>;
}

/**
 * The gateway's fingerprint of a card number (Braintree's `uniqueNumberIdentifier`):
 * the same for every nonce, expiry or customer of one card. Absent for wallets.
 */
export type CardFingerprint = string;

/** A `rate_limit` refusal's text (logs: the shopper is told the catalogue's message). */
export const CARD_LIMITED = 'This card has been refused too many times, please try again later.';

/**
 * A card payment's 3-D Secure outcome as the gateway reports it with the sale
 * (Braintree's `threeDSecureInfo`): e.g. `authenticate_successful`, and whether the
 * liability for fraud moved to the card's issuer. Kept on the order for staff (ADR 054).
 */
export interface ThreeDSecureOutcome {
  status: string;
  liabilityShifted: boolean;
}

/** A sale that went through: authorised and submitted for settlement. */
export interface Sale {
  transactionId: string;
  amount: number;
  paidWith: PaidWith;
  /** Cards: the 3-D Secure outcome, when the gateway reported one; null or absent otherwise. */
  threeDSecure?: ThreeDSecureOutcome | null;
}

/**
 * Why a sale was refused, in the catalogue's terms: `payment_failed` (a processor
 * decline, with the processor's text), `payment_method_error` (the method failed
 * verification, was rejected, consumed or unknown), `missing_payment_parameters`,
 * `rate_limit` (the request's `screenCard` refused the card).
 */
export type SaleRefusal = {
  type: 'payment_failed' | 'payment_method_error' | 'missing_payment_parameters' | 'rate_limit';
  /** The processor's or gateway's text, e.g. '2000 : Do Not Honor'. */
  message: string;
  /** Set when a transaction was created and refused (ledger/logs). */
  transactionId: string | null;
  /** The refused card's fingerprint, when the gateway gave one. */
  fingerprint?: CardFingerprint;
};

export type SaleResult = { ok: true; sale: Sale } | { ok: false; refusal: SaleRefusal };

/** A transaction as the gateway knows it (reconciliation and webhooks). */
export interface GatewayTransaction {
  id: string;
  orderId: string | null;
  amount: number;
  /** Braintree's statuses: authorized, submitted_for_settlement, settled, voided, processor_declined… */
  status: string;
  /** Whether the money was (or will be) taken: authorized/submitted/settling/settled. */
  succeeded: boolean;
  paidWith: PaidWith | null;
}

export interface VaultedCard {
  /** The vault token (never shown to anyone but the owner, used to delete). */
  token: string;
  /** A fresh single-use nonce for paying with this card. */
  nonce: string;
  default: boolean;
  cardType: string;
  lastFour: string;
  expirationMonth: string;
  expirationYear: string;
  bin: string;
}

export interface WebhookEvent {
  /** Braintree's kind, e.g. 'transaction_settled', 'transaction_settlement_declined', 'check'. */
  kind: string;
  transaction: GatewayTransaction | null;
}

/**
 * Thrown when the gateway cannot be reached or answers with an error that is not a
 * refusal (timeouts, 5xx, bad credentials). The order service maps it to `order_failed`
 * and reconciles later: the sale may or may not have happened.
 */
export class GatewayUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'GatewayUnavailableError';
  }
}

/**
 * What giving back part or all of a sale came to (ADR 051): `void` (the unsettled sale
 * released: nothing was taken) or `refund` (that amount given back; its own transaction
 * id), or why not — `unsettled` (a part of a sale that has not settled: neither Braintree
 * nor the test gateway refunds before settlement, and a void is all or nothing),
 * `refused` (the gateway's answer, e.g. more than is left of the sale), `not_found`.
 */
export type RefundOutcome =
  | { ok: true; kind: 'void' | 'refund'; transactionId: string | null }
  | { ok: false; reason: 'unsettled' | 'refused' | 'not_found'; message: string };

/** One refund of a sale, as the gateway knows it (Braintree: a `credit` transaction). */
export interface GatewayRefund {
  id: string;
  /** Pence. */
  amount: number;
  /** Braintree's statuses: submitted_for_settlement, settling, settled, voided, processor_declined… */
  status: string;
  /** Whether the money goes (or went) back: not voided, declined or failed. */
  succeeded: boolean;
}

/**
 * What the gateway did with a sale (ADR 081): its status, whether it was voided (nothing
 * was taken), and the refunds made of it, oldest first — from the shop or the gateway's
 * control panel alike. What resolves a refund left pending (ADR 051).
 */
export interface SaleLookup {
  id: string;
  /** Pence. */
  amount: number;
  status: string;
  voided: boolean;
  refunds: GatewayRefund[];
}

export interface PaymentGateway {
  readonly mode: 'braintree' | 'test';
  /** Hosts the browser side needs in the page's CSP (Braintree client, 3DS frames, wallets). */
  readonly contentSources: ContentSources;
  /** A client token for braintree-web (or the test-mode client), with the vault when customerId is set. */
  clientToken(input: { customerId: string | null }): Promise<string>;
  /**
   * Charges `amount` and submits it for settlement; cards must have passed 3-D Secure.
   * Every call is a sale, even for an order id already charged (as on Braintree): one
   * sale per order is the caller's rule (ADR 039).
   */
  sale(request: SaleRequest): Promise<SaleResult>;
  /** Voids an unsettled sale or refunds a settled one (order cancellation, compensation). */
  reverse(transactionId: string): Promise<{ ok: boolean; kind: 'void' | 'refund' | null }>;
  /**
   * Gives back `amount` pence of a sale (the back office's refunds, ADR 051): voids it
   * when it has not settled and `amount` is all of it, refunds that amount once it has
   * settled (several partial refunds, never more than the sale in all).
   */
  refund(transactionId: string, amount: number): Promise<RefundOutcome>;
  /**
   * What became of a sale: its status, voided or not, and its refunds (Braintree
   * `transaction.find` and each of its `refundIds`); null for an unknown sale.
   * Throws GatewayUnavailableError when the gateway cannot be asked.
   */
  lookupSale(transactionId: string): Promise<SaleLookup | null>;
  /**
   * The sale made for an order id, if any (crash recovery): of several, one holding money,
   * else a voided one, else the latest.
   */
  findByOrderId(orderId: string): Promise<GatewayTransaction | null>;
  /** The customer's vaulted cards, default first; [] for an unknown customer. */
  listCards(customerId: string): Promise<VaultedCard[]>;
  /** Deletes one of the customer's vaulted cards; false when it is not theirs or gone. */
  deleteCard(customerId: string, token: string): Promise<boolean>;
  /** Makes one of the customer's cards the default; false when it is not theirs. */
  makeDefaultCard(customerId: string, token: string): Promise<boolean>;
  /** Verifies and parses a webhook; null when the signature is wrong. */
  parseWebhook(input: { signature: string; payload: string }): Promise<WebhookEvent | null>;
}
