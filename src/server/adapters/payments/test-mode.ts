/**
 * Offline payment gateway that behaves like Braintree's sandbox (ADR 018), keeping what
 * Braintree would keep in the shop's database (migration 011): the ledger of every
 * verification, sale, void and refund; the nonces it minted; the customers' vault.
 *
 * Like the sandbox: client tokens are base64 JSON with an authorizationFingerprint (here
 * an HMAC it checks); Braintree's fake nonces are accepted by name; minted nonces
 * (`tokencc_…`) are single-use; new cards are verified before any charge (the
 * processor-declined, fraud, risk, luhn-invalid and consumed fake nonces fail it); card
 * sales need a successful 3-D Secure authentication; the amount decides the sale's
 * answer (£2,000.00–£2,999.99 processor declined with that code, £3,000.00–£3,000.99
 * failed, £5,001.00 gateway rejected); webhooks are signed `<publicKey>|<hmac>`.
 * Each card has a fingerprint (Braintree's uniqueNumberIdentifier; here from the test
 * card's class and digits), screened with the sale's `screenCard` before any charge.
 * Like Braintree, it refuses no sale for an order id already charged: a second sale is
 * a second charge, so a test counting charges sees it (ADR 039). Unlike it, Braintree's
 * time-based duplicate check is not modelled, and settlement happens only when a test
 * says so (`settle`).
 *
 * Faults (ADR 030): it can be told (`faults`) to time out or lose the connection on the
 * next sales, with or without having made the charge, to answer slowly, or to be
 * unreachable altogether, so tests see what the shop does with a gateway that misbehaves
 * while the ledger records what a real gateway would have done.
 *
 * The browser’s side (card details → nonce, 3-D Secure) is served by test-mode-routes.ts.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { decimalString, pence, penceFromDecimal } from '../../../domain/money.ts';
import type { NonceType } from '../../../domain/payments/nonce-types.ts';
import type { Db } from '../../db/client.ts';
import type {
  PaymentLedgerTable,
  TestGatewayNoncesTable,
  TestNonceDetails,
} from '../../db/schema.ts';
import {
  fakeNonce,
  PAYMENT_TYPE_OF,
  PROCESSOR_FAILURE_TEXT,
  processorDeclineText,
  THREE_D_SECURE,
  type FakeNonce,
  type ThreeDSecureResult,
} from './fake-nonces.ts';
import {
  CARD_LIMITED,
  GatewayUnavailableError,
  type GatewayTransaction,
  type PaidWith,
  type PaymentGateway,
  type RefundOutcome,
  type SaleLookup,
  type SaleRefusal,
  type SaleRequest,
  type SaleResult,
  type VaultedCard,
  type WebhookEvent,
} from './port.ts';

/** Where the test-mode client API lives (test-mode-routes.ts). */
export const TEST_MODE_CLIENT_API = '/api/v1/test-mode/braintree/client_api';

/** The public key the test gateway signs webhooks with (the part before the `|`). */
export const TEST_MODE_PUBLIC_KEY = 'everbloom_test_public_key';

/** Braintree's client tokens last 24 hours. */
const CLIENT_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** Braintree's nonces expire after 3 hours; older ones are unknown (and deleted). */
const NONCE_TTL_HOURS = 3;
const nonceCutoff = sql<Date>`now() - make_interval(hours => ${NONCE_TTL_HOURS})`;

/** Sale statuses under which money is (or will be) taken. */
const SUCCEEDED = new Set(['authorized', 'submitted_for_settlement', 'settling', 'settled']);

/** Refund statuses under which the money goes back (as the Braintree adapter counts them). */
const REFUND_GOES = new Set(['submitted_for_settlement', 'settling', 'settled']);

/** Braintree's messages for the nonce problems it reports as validation errors. */
export const NONCE_MESSAGES = {
  consumed: 'Cannot use a payment_method_nonce more than once.',
  unknown: 'Unknown or expired payment_method_nonce.',
  luhnInvalid: 'Credit card number must be valid.',
  threeDSecure:
    'Card payments need 3-D Secure authentication, and this card’s did not succeed (gateway rejected: three_d_secure).',
} as const;

export type ThreeDSecureOutcome = 'authenticated' | 'failed' | 'unavailable';

/** A nonce the client API minted, as braintree-web's tokenize would resolve. */
export interface MintedNonce {
  nonce: string;
  type: NonceType;
  details: TestNonceDetails;
}

/**
 * What the test gateway does wrong with one sale (ADR 030). `timeout` and
 * `network_error` throw GatewayUnavailableError after `delayMs`, like the Braintree
 * adapter when the call times out or the connection fails; `charged` says whether the
 * gateway had made the charge before the answer was lost (it then is in the ledger,
 * found by `findByOrderId`). `slow` makes the sale and answers it `delayMs` later.
 */
export type SaleFault =
  | {
      kind: 'timeout' | 'network_error';
      charged: boolean;
      delayMs?: number;
      /** The gateway stays unreachable afterwards (lookups fail too) until cleared. */
      thenUnreachable?: boolean;
    }
  | { kind: 'slow'; delayMs: number };

/**
 * What the test gateway does wrong with one refund or void (ADR 081): the answer is lost
 * (GatewayUnavailableError) after the gateway did (`refunded: true`) or did not do it —
 * the refund the shop then holds as pending, which a lookup resolves.
 */
export interface RefundFault {
  kind: 'timeout' | 'network_error';
  refunded: boolean;
}

/** The test gateway's fault switch (tests, and the non-production route). */
export interface GatewayFaults {
  /** Queues faults for the next sales, one sale each, in order. */
  failNextSales(...faults: SaleFault[]): void;
  /** Queues faults for the next back-office refunds (`refund`), one each, in order. */
  failNextRefunds(...faults: RefundFault[]): void;
  /**
   * While on, every call that would reach Braintree's API (sales, lookups, reversals,
   * the vault) fails at once as unreachable; client tokens still work.
   */
  setUnreachable(unreachable: boolean): void;
  /** Drops queued faults and ends an outage. */
  clear(): void;
  /** Queued faults, the outage, and how many sales are being held by a delay right now. */
  state(): { sales: SaleFault[]; refunds: RefundFault[]; unreachable: boolean; holding: number };
}

export interface TestModeGateway extends PaymentGateway {
  readonly mode: 'test';
  /** Tells the gateway to misbehave (ADR 030). Per process, in memory. */
  readonly faults: GatewayFaults;
  /** The customer a client token's fingerprint was issued for; null when forged or expired. */
  authorize(fingerprint: string): { customerId: string | null } | null;
  /** Turns a fake nonce class and card details into a single-use nonce; null for an unknown class. */
  mintNonce(input: {
    type: NonceType;
    fakeNonce: string;
    details: TestNonceDetails;
  }): Promise<MintedNonce | null>;
  /**
   * Runs 3-D Secure on a card nonce with the issuer's answer: consumes it and mints a new
   * one carrying the result. `unknown`/`consumed`/`not_card` when it cannot.
   */
  threeDSecure(input: {
    nonce: string;
    outcome: ThreeDSecureOutcome;
  }): Promise<
    | { ok: true; nonce: string; threeDSecure: ThreeDSecureResult }
    | { ok: false; reason: 'unknown' | 'consumed' | 'not_card' }
  >;
  /** The sandbox's testing.settle: a submitted sale becomes settled. */
  settle(transactionId: string): Promise<boolean>;
  /** A signed webhook as Braintree would POST it (braintree's webhookTesting.sampleNotification). */
  sampleNotification(
    kind: string,
    transactionId: string,
  ): Promise<{ bt_signature: string; bt_payload: string }>;
}

/** Whether a gateway is the test-mode one (whose client API the app serves). */
export function isTestModeGateway(gateway: PaymentGateway): gateway is TestModeGateway {
  return gateway.mode === 'test' && 'authorize' in gateway && 'mintNonce' in gateway;
}

export interface TestModeGatewayOptions {
  db: Db;
  /** Signs client tokens and webhooks (derived from COOKIE_SECRET in start-up). */
  secret: string;
  /** The shop's origin, for the client token's configUrl. */
  publicUrl?: string;
  now?: () => Date;
}

const hmac = (key: string | Buffer, text: string) =>
  createHmac('sha256', key).update(text).digest('hex');

/** Braintree-like ids: lower-case letters and digits. */
function randomId(length: number): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('');
}

const NONCE_PREFIX: Record<NonceType, string> = {
  CreditCard: 'tokencc',
  PayPalAccount: 'tokenpp',
  ApplePayCard: 'tokenap',
  AndroidPayCard: 'tokengp',
};

const newNonce = (type: NonceType) =>
  `${NONCE_PREFIX[type]}_${randomId(2)}_${randomId(6)}_${randomId(6)}_${randomId(6)}_${randomId(6)}_${randomId(3)}`;

/** What the sandbox answers a sale of `amount` pence with, when not authorised. */
function amountOutcome(
  amount: number,
): { status: string; refusal: SaleRefusal['type']; text: string } | null {
  if (amount >= 200_000 && amount <= 299_999)
    return {
      status: 'processor_declined',
      refusal: 'payment_failed',
      text: processorDeclineText(Math.floor(amount / 100)),
    };
  if (amount >= 300_000 && amount <= 300_099)
    return { status: 'failed', refusal: 'payment_failed', text: PROCESSOR_FAILURE_TEXT };
  if (amount === 500_100)
    return {
      status: 'gateway_rejected',
      refusal: 'payment_method_error',
      text: 'Gateway Rejected: application_incomplete',
    };
  return null;
}

/** What a verification of the method answers (null: verified). */
function verificationOutcome(fake: FakeNonce): { status: string; text: string } | null {
  switch (fake.verification) {
    case 'approved':
      return null;
    case 'processor_declined':
      return { status: 'processor_declined', text: processorDeclineText(2000) };
    case 'processor_failure':
      return { status: 'failed', text: PROCESSOR_FAILURE_TEXT };
    case 'gateway_rejected_fraud':
      return { status: 'gateway_rejected', text: 'Gateway Rejected: fraud' };
    case 'gateway_rejected_risk':
      return { status: 'gateway_rejected', text: 'Gateway Rejected: risk_threshold' };
    case 'luhn_invalid':
      return { status: 'invalid', text: NONCE_MESSAGES.luhnInvalid };
    case 'consumed':
      return { status: 'invalid', text: NONCE_MESSAGES.consumed };
  }
}

/** A payment method a sale was asked to charge, resolved from its nonce. */
interface Method {
  type: NonceType;
  nonceClass: string;
  fake: FakeNonce;
  details: TestNonceDetails;
  threeDSecure: ThreeDSecureResult | null;
  vaultToken: string | null;
}

type LedgerRow = Selectable<PaymentLedgerTable>;

function paidWithOf(row: LedgerRow): PaidWith | null {
  if (!row.payment_type) return null;
  return {
    type: row.payment_type as PaidWith['type'],
    cardType: row.card_type,
    lastFour: row.last_four,
  };
}

function transactionOf(row: LedgerRow): GatewayTransaction {
  return {
    id: row.transaction_id,
    orderId: row.order_id,
    amount: row.amount,
    status: row.status,
    succeeded: SUCCEEDED.has(row.status),
    paidWith: paidWithOf(row),
  };
}

const pause = (ms: number) =>
  ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

/** The error the Braintree adapter throws for a lost connection or a timeout. */
function unavailable(kind: 'timeout' | 'network_error' | 'unreachable'): GatewayUnavailableError {
  const code = { timeout: 'ETIMEDOUT', network_error: 'ECONNRESET', unreachable: 'ECONNREFUSED' }[
    kind
  ];
  const message = {
    timeout: 'Payment gateway timed out (test-mode fault)',
    network_error: 'Payment gateway connection reset (test-mode fault)',
    unreachable: 'Payment gateway unreachable (test-mode fault)',
  }[kind];
  return new GatewayUnavailableError(message, { cause: Object.assign(new Error(code), { code }) });
}

function faultSwitch(): GatewayFaults & {
  nextSale(): SaleFault | null;
  nextRefund(): RefundFault | null;
  unreachable(): boolean;
  hold(ms: number): Promise<void>;
} {
  const queued: SaleFault[] = [];
  const refunds: RefundFault[] = [];
  let down = false;
  let holding = 0;
  return {
    failNextSales: (...faults) => void queued.push(...faults),
    failNextRefunds: (...faults) => void refunds.push(...faults),
    setUnreachable: (unreachable) => void (down = unreachable),
    clear: () => {
      queued.length = 0;
      refunds.length = 0;
      down = false;
    },
    state: () => ({ sales: [...queued], refunds: [...refunds], unreachable: down, holding }),
    nextSale: () => queued.shift() ?? null,
    nextRefund: () => refunds.shift() ?? null,
    unreachable: () => down,
    async hold(ms) {
      holding += 1;
      try {
        await pause(ms);
      } finally {
        holding -= 1;
      }
    },
  };
}

export function testModeGateway(options: TestModeGatewayOptions): TestModeGateway {
  const { db } = options;
  const faults = faultSwitch();
  /** Throws as Braintree's adapter would while the gateway is unreachable. */
  const reachable = () => {
    if (faults.unreachable()) throw unavailable('unreachable');
  };
  const now = options.now ?? (() => new Date());
  const origin = (options.publicUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  const tokenKey = hmac(options.secret, 'everbloom test gateway: client tokens');
  const webhookKey = hmac(options.secret, 'everbloom test gateway: webhooks');
  const fingerprintKey = hmac(options.secret, 'everbloom test gateway: card fingerprints');

  function authorize(fingerprint: string): { customerId: string | null } | null {
    const [body = '', signature = ''] = fingerprint.split('.');
    const expected = Buffer.from(hmac(tokenKey, body));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
        customerId: string | null;
        issuedAt: number;
      };
      if (now().getTime() - claims.issuedAt > CLIENT_TOKEN_TTL_MS) return null;
      return { customerId: claims.customerId ?? null };
    } catch {
      return null;
    }
  }

  async function insertNonce(
    values: Omit<
      TestGatewayNoncesTable,
      'nonce' | 'consumed_at' | 'created_at' | 'details' | 'three_d_secure'
    > & {
      details: TestNonceDetails;
      three_d_secure: ThreeDSecureResult | null;
    },
  ): Promise<string> {
    const nonce = newNonce(values.type as NonceType);
    // The expired ones go as new ones come: the table holds about 3 hours of nonces.
    await db.deleteFrom('test_gateway_nonces').where('created_at', '<', nonceCutoff).execute();
    await db
      .insertInto('test_gateway_nonces')
      .values({
        nonce,
        type: values.type,
        nonce_class: values.nonce_class,
        details: JSON.stringify(values.details),
        three_d_secure: JSON.stringify(values.three_d_secure),
        vault_token: values.vault_token,
      })
      .execute();
    return nonce;
  }

  /** Marks a minted nonce used; its row, or why it cannot be used. */
  async function consume(
    nonce: string,
  ): Promise<Selectable<TestGatewayNoncesTable> | 'unknown' | 'consumed'> {
    const row = await db
      .updateTable('test_gateway_nonces')
      .set({ consumed_at: sql<string>`now()` })
      .where('nonce', '=', nonce)
      .where('consumed_at', 'is', null)
      .where('created_at', '>=', nonceCutoff)
      .returningAll()
      .executeTakeFirst();
    if (row) return row;
    const known = await db
      .selectFrom('test_gateway_nonces')
      .select('nonce')
      .where('nonce', '=', nonce)
      .where('created_at', '>=', nonceCutoff)
      .executeTakeFirst();
    return known ? 'consumed' : 'unknown';
  }

  /** The method behind a nonce (fake names are reusable, as in the sandbox). */
  async function resolve(nonce: string): Promise<Method | 'unknown' | 'consumed'> {
    const fake = fakeNonce(nonce);
    if (fake) {
      return {
        type: fake.type,
        nonceClass: nonce,
        fake,
        details: detailsOf(fake),
        threeDSecure: fake.threeDSecure,
        vaultToken: null,
      };
    }
    const row = await consume(nonce);
    if (typeof row === 'string') return row;
    const rowFake = fakeNonce(row.nonce_class);
    if (!rowFake) return 'unknown';
    return {
      type: row.type as NonceType,
      nonceClass: row.nonce_class,
      fake: rowFake,
      details: row.details,
      threeDSecure: row.three_d_secure,
      vaultToken: row.vault_token,
    };
  }

  function detailsOf(fake: FakeNonce): TestNonceDetails {
    const details: TestNonceDetails = {};
    if (fake.cardType) details.cardType = fake.cardType;
    if (fake.lastFour) details.lastFour = fake.lastFour;
    if (fake.bin) details.bin = fake.bin;
    if (fake.type === 'CreditCard') {
      details.expirationMonth = '12';
      details.expirationYear = String(now().getUTCFullYear() + 3);
    }
    if (fake.email) details.email = fake.email;
    return details;
  }

  async function record(
    values: Omit<LedgerRow, 'id' | 'created_at' | 'charged'> & { charged?: boolean },
  ): Promise<LedgerRow> {
    return db.insertInto('payment_ledger').values(values).returningAll().executeTakeFirstOrThrow();
  }

  /** A sale made, with the 3-D Secure outcome its nonce recorded (cards), as Braintree reports it. */
  const saleOf = (row: LedgerRow, threeDSecure: ThreeDSecureResult | null): SaleResult => ({
    ok: true,
    sale: {
      transactionId: row.transaction_id,
      amount: row.amount,
      paidWith: paidWithOf(row)!,
      threeDSecure: threeDSecure
        ? { status: threeDSecure.status, liabilityShifted: threeDSecure.liabilityShifted }
        : null,
    },
  });

  const refuse = (
    type: SaleRefusal['type'],
    message: string,
    transactionId: string | null = null,
    fingerprint: string | null = null,
  ): SaleResult => ({
    ok: false,
    refusal: { type, message, transactionId, ...(fingerprint ? { fingerprint } : {}) },
  });

  /**
   * Braintree's uniqueNumberIdentifier stands for the card number; the test gateway
   * never sees one, so the test card's class and its first and last digits stand in.
   */
  const fingerprintOf = (method: Method): string | null =>
    method.type === 'CreditCard'
      ? hmac(
          fingerprintKey,
          `${method.nonceClass}|${method.details.bin ?? ''}|${method.details.lastFour ?? ''}`,
        ).slice(0, 32)
      : null;

  async function storeInVault(customerId: string, method: Method): Promise<void> {
    const d = method.details;
    if (!d.cardType || !d.lastFour || !d.bin || !d.expirationMonth || !d.expirationYear) return;
    const existing = await db
      .selectFrom('test_gateway_vault')
      .select(['token', 'is_default'])
      .where('customer_id', '=', customerId)
      .execute();
    const same = await db
      .selectFrom('test_gateway_vault')
      .select('token')
      .where('customer_id', '=', customerId)
      .where('bin', '=', d.bin)
      .where('last_four', '=', d.lastFour)
      .where('expiration_month', '=', d.expirationMonth)
      .where('expiration_year', '=', d.expirationYear)
      .executeTakeFirst();
    if (same) return;
    await db
      .insertInto('test_gateway_vault')
      .values({
        token: randomId(7),
        customer_id: customerId,
        is_default: !existing.some((card) => card.is_default),
        nonce_class: method.nonceClass,
        card_type: d.cardType,
        last_four: d.lastFour,
        bin: d.bin,
        expiration_month: d.expirationMonth,
        expiration_year: d.expirationYear,
        cardholder_name: d.cardholderName ?? null,
      })
      .execute();
  }

  /** A sale, with the next queued fault (if any) applied around it. */
  async function faultySale(request: SaleRequest): Promise<SaleResult> {
    reachable();
    const fault = faults.nextSale();
    if (!fault) return sale(request);
    if (fault.kind === 'slow') {
      const result = await sale(request);
      await faults.hold(fault.delayMs);
      return result;
    }
    // The charge is made (or not) before the answer is lost.
    if (fault.charged) await sale(request);
    await faults.hold(fault.delayMs ?? 0);
    if (fault.thenUnreachable) faults.setUnreachable(true);
    throw unavailable(fault.kind);
  }

  async function sale(request: SaleRequest): Promise<SaleResult> {
    if (!Number.isInteger(request.amount) || request.amount <= 0)
      return refuse('missing_payment_parameters', 'Amount is required.');
    if (!request.nonce)
      return refuse('missing_payment_parameters', 'Payment method nonce is required.');
    const method = await resolve(request.nonce);
    if (method === 'unknown') return refuse('payment_method_error', NONCE_MESSAGES.unknown);
    if (method === 'consumed') return refuse('payment_method_error', NONCE_MESSAGES.consumed);
    const fingerprint = fingerprintOf(method);
    // Screened before its issuer is asked (Braintree screens a new card once verified: ADR 040).
    if (fingerprint && request.screenCard && !(await request.screenCard(fingerprint)))
      return refuse('rate_limit', CARD_LIMITED, null, fingerprint);
    const paymentType = PAYMENT_TYPE_OF[method.type];
    const cardType = method.details.cardType ?? null;
    const lastFour = method.details.lastFour ?? null;
    const common = {
      order_id: request.orderId,
      payment_type: paymentType,
      nonce_class: method.nonceClass,
      card_type: cardType,
      last_four: lastFour,
      reverses: null,
    };

    // New cards are verified first: a card the processor declines is never charged.
    if (method.type === 'CreditCard' && !method.vaultToken) {
      const failed = verificationOutcome(method.fake);
      await record({
        ...common,
        transaction_id: randomId(8),
        kind: 'verification',
        amount: 0,
        status: failed?.status ?? 'verified',
        response_text: failed?.text ?? '1000 : Approved',
      });
      if (failed) return refuse('payment_method_error', failed.text, null, fingerprint);
    } else if (method.fake.verification !== 'approved') {
      return refuse(
        'payment_method_error',
        verificationOutcome(method.fake)!.text,
        null,
        fingerprint,
      );
    }

    const transactionId = randomId(8);
    const rejectedFor3ds = method.type === 'CreditCard' && !method.threeDSecure?.liabilityShifted;
    const declined = rejectedFor3ds
      ? {
          status: 'gateway_rejected',
          refusal: 'payment_method_error' as const,
          text: NONCE_MESSAGES.threeDSecure,
        }
      : amountOutcome(request.amount);
    if (declined) {
      await record({
        ...common,
        transaction_id: transactionId,
        kind: 'sale',
        amount: request.amount,
        status: declined.status,
        response_text: declined.text,
      });
      return refuse(declined.refusal, declined.text, transactionId, fingerprint);
    }
    const row = await record({
      ...common,
      transaction_id: transactionId,
      kind: 'sale',
      amount: request.amount,
      status: 'submitted_for_settlement',
      charged: true,
      response_text: '1000 : Approved',
    });
    if (
      request.storeInVault &&
      request.customerId &&
      method.type === 'CreditCard' &&
      !method.vaultToken
    )
      await storeInVault(request.customerId, method);
    return saleOf(row, method.type === 'CreditCard' ? method.threeDSecure : null);
  }

  async function findSale(transactionId: string): Promise<LedgerRow | undefined> {
    return db
      .selectFrom('payment_ledger')
      .selectAll()
      .where('transaction_id', '=', transactionId)
      .where('kind', '=', 'sale')
      .executeTakeFirst();
  }

  /**
   * Gives back `amount` pence of a sale, or (`'rest'`) all that is left of it, as
   * Braintree would: an unsettled sale is voided, all of it or nothing; a settled one is
   * refunded, in as many parts as wanted up to the sale's amount. The sale's row is locked
   * for the transaction, so refunds and voids of one sale take turns: two processes
   * reversing it at once record one full refund (ADR 051, migration 025).
   */
  async function giveBack(transactionId: string, amount: number | 'rest'): Promise<RefundOutcome> {
    return db.transaction().execute(async (trx) => {
      const { rows } = await sql<LedgerRow>`
        SELECT * FROM payment_ledger
        WHERE transaction_id = ${transactionId} AND kind = 'sale'
        FOR UPDATE
      `.execute(trx);
      const row = rows[0];
      if (!row || (!row.charged && row.status !== 'voided'))
        return { ok: false, reason: 'not_found', message: 'The sale was not found.' };
      if (row.status === 'voided') {
        return amount === 'rest'
          ? { ok: true, kind: 'void', transactionId: null }
          : { ok: false, reason: 'refused', message: 'The sale was voided.' };
      }
      const ledgerRow = {
        order_id: row.order_id,
        payment_type: row.payment_type,
        nonce_class: row.nonce_class,
        card_type: row.card_type,
        last_four: row.last_four,
        reverses: row.transaction_id,
      };
      if (row.status === 'authorized' || row.status === 'submitted_for_settlement') {
        if (amount !== 'rest' && amount !== row.amount) {
          return {
            ok: false,
            reason: 'unsettled',
            message: `The sale has not settled yet (${row.status}): it can only be voided in full.`,
          };
        }
        await trx
          .updateTable('payment_ledger')
          // A void releases the authorisation: no money was taken.
          .set({ status: 'voided', charged: false })
          .where('id', '=', row.id)
          .execute();
        await trx
          .insertInto('payment_ledger')
          .values({
            ...ledgerRow,
            transaction_id: randomId(8),
            kind: 'void',
            amount: row.amount,
            status: 'voided',
            response_text: null,
          })
          .execute();
        return { ok: true, kind: 'void', transactionId: null };
      }
      const done = await trx
        .selectFrom('payment_ledger')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('refunded'))
        .where('reverses', '=', row.transaction_id)
        .where('kind', '=', 'refund')
        .executeTakeFirstOrThrow();
      const refunded = Number(done.refunded);
      const wanted = amount === 'rest' ? row.amount - refunded : amount;
      // Reversing a sale already refunded in full finds it done.
      if (amount === 'rest' && wanted <= 0)
        return { ok: true, kind: 'refund', transactionId: null };
      if (!Number.isInteger(wanted) || wanted <= 0 || refunded + wanted > row.amount) {
        // Braintree's 91521.
        return { ok: false, reason: 'refused', message: 'Refund amount is too large.' };
      }
      const refund = await trx
        .insertInto('payment_ledger')
        .values({
          ...ledgerRow,
          transaction_id: randomId(8),
          kind: 'refund',
          amount: wanted,
          status: 'submitted_for_settlement',
          response_text: '1000 : Approved',
        })
        .returning('transaction_id')
        .executeTakeFirstOrThrow();
      return { ok: true, kind: 'refund', transactionId: refund.transaction_id };
    });
  }

  async function reverse(
    transactionId: string,
  ): Promise<{ ok: boolean; kind: 'void' | 'refund' | null }> {
    const outcome = await giveBack(transactionId, 'rest');
    return outcome.ok ? { ok: true, kind: outcome.kind } : { ok: false, kind: null };
  }

  async function cardsOf(customerId: string) {
    return db
      .selectFrom('test_gateway_vault')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('is_default', 'desc')
      .orderBy('created_at', 'asc')
      .orderBy('token', 'asc')
      .execute();
  }

  function signWebhook(payload: string): string {
    return `${TEST_MODE_PUBLIC_KEY}|${hmac(webhookKey, payload)}`;
  }

  return {
    mode: 'test',
    // The test-mode client is the shop's own code, calling its own origin.
    contentSources: {},
    authorize,

    async clientToken({ customerId }) {
      const claims = Buffer.from(
        JSON.stringify({ customerId, issuedAt: now().getTime() }),
      ).toString('base64url');
      const token = {
        version: 2,
        environment: 'test',
        authorizationFingerprint: `${claims}.${hmac(tokenKey, claims)}`,
        configUrl: `${origin}${TEST_MODE_CLIENT_API}/config`,
        graphQL: { url: `${origin}${TEST_MODE_CLIENT_API}/graphql`, date: '2018-05-10' },
        ...(customerId ? { customerId } : {}),
      };
      return Buffer.from(JSON.stringify(token)).toString('base64');
    },

    faults,
    sale: faultySale,
    async reverse(transactionId) {
      reachable();
      return reverse(transactionId);
    },
    async refund(transactionId, amount) {
      reachable();
      const fault = faults.nextRefund();
      if (!fault) return giveBack(transactionId, amount);
      // Done (or not) at the gateway before the answer is lost.
      if (fault.refunded) await giveBack(transactionId, amount);
      throw unavailable(fault.kind);
    },

    async lookupSale(transactionId): Promise<SaleLookup | null> {
      reachable();
      const sale = await findSale(transactionId);
      if (!sale) return null;
      // The voids and refunds it performed, as it recorded them (giveBack, reverse).
      const refunds = await db
        .selectFrom('payment_ledger')
        .select(['transaction_id', 'amount', 'status'])
        .where('reverses', '=', sale.transaction_id)
        .where('kind', '=', 'refund')
        .orderBy('id')
        .execute();
      return {
        id: sale.transaction_id,
        amount: sale.amount,
        status: sale.status,
        voided: sale.status === 'voided',
        refunds: refunds.map((row) => ({
          id: row.transaction_id,
          amount: row.amount,
          status: row.status,
          succeeded: REFUND_GOES.has(row.status),
        })),
      };
    },

    async findByOrderId(orderId) {
      reachable();
      const row = await db
        .selectFrom('payment_ledger')
        .selectAll()
        .where('order_id', '=', orderId)
        .where('kind', '=', 'sale')
        // As the Braintree adapter chooses: a sale holding money, else a voided one, else
        // the latest; of a kind, the latest.
        .orderBy('charged', 'desc')
        .orderBy(sql`status = 'voided'`, 'desc')
        .orderBy('id', 'desc')
        .executeTakeFirst();
      return row ? transactionOf(row) : null;
    },

    async listCards(customerId) {
      reachable();
      const cards: VaultedCard[] = [];
      for (const card of await cardsOf(customerId)) {
        const nonce = await insertNonce({
          type: 'CreditCard',
          nonce_class: card.nonce_class,
          details: {
            cardType: card.card_type,
            lastFour: card.last_four,
            bin: card.bin,
            expirationMonth: card.expiration_month,
            expirationYear: card.expiration_year,
            ...(card.cardholder_name ? { cardholderName: card.cardholder_name } : {}),
          },
          three_d_secure: null,
          vault_token: card.token,
        });
        cards.push({
          token: card.token,
          nonce,
          default: card.is_default,
          cardType: card.card_type,
          lastFour: card.last_four,
          expirationMonth: card.expiration_month,
          expirationYear: card.expiration_year,
          bin: card.bin,
        });
      }
      return cards;
    },

    async deleteCard(customerId, token) {
      reachable();
      return db.transaction().execute(async (trx) => {
        const deleted = await trx
          .deleteFrom('test_gateway_vault')
          .where('customer_id', '=', customerId)
          .where('token', '=', token)
          .returning('is_default')
          .executeTakeFirst();
        if (!deleted) return false;
        if (deleted.is_default) {
          // Like Braintree: the most recently added remaining card becomes the default.
          const next = await trx
            .selectFrom('test_gateway_vault')
            .select('token')
            .where('customer_id', '=', customerId)
            .orderBy('created_at', 'desc')
            .orderBy('token', 'desc')
            .executeTakeFirst();
          if (next)
            await trx
              .updateTable('test_gateway_vault')
              .set({ is_default: true })
              .where('token', '=', next.token)
              .execute();
        }
        return true;
      });
    },

    async makeDefaultCard(customerId, token) {
      reachable();
      return db.transaction().execute(async (trx) => {
        const card = await trx
          .selectFrom('test_gateway_vault')
          .select('token')
          .where('customer_id', '=', customerId)
          .where('token', '=', token)
          .executeTakeFirst();
        if (!card) return false;
        await trx
          .updateTable('test_gateway_vault')
          .set({ is_default: false })
          .where('customer_id', '=', customerId)
          .where('is_default', '=', true)
          .execute();
        await trx
          .updateTable('test_gateway_vault')
          .set({ is_default: true })
          .where('token', '=', token)
          .execute();
        return true;
      });
    },

    async parseWebhook({ signature, payload }) {
      // `publicKey|signature`, possibly several pairs joined by '&' (key rotation).
      const expected = Buffer.from(hmac(webhookKey, payload));
      const valid = signature.split('&').some((pair) => {
        const [key, given = ''] = pair.split('|');
        const bytes = Buffer.from(given);
        return (
          key === TEST_MODE_PUBLIC_KEY &&
          bytes.length === expected.length &&
          timingSafeEqual(bytes, expected)
        );
      });
      if (!valid) return null;
      try {
        const body = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as {
          kind: string;
          subject?: { transaction?: WebhookTransaction };
        };
        if (typeof body.kind !== 'string') return null;
        const t = body.subject?.transaction;
        const event: WebhookEvent = {
          kind: body.kind,
          transaction: t
            ? {
                id: t.id,
                orderId: t.orderId ?? null,
                amount: penceFromDecimal(t.amount),
                status: t.status,
                succeeded: SUCCEEDED.has(t.status),
                paidWith: t.paymentType
                  ? {
                      type: t.paymentType as PaidWith['type'],
                      cardType: t.cardType ?? null,
                      lastFour: t.lastFour ?? null,
                    }
                  : null,
              }
            : null,
        };
        return event;
      } catch {
        return null;
      }
    },

    async mintNonce({ type, fakeNonce: name, details }) {
      const fake = fakeNonce(name);
      if (!fake || fake.type !== type) return null;
      const merged = { ...detailsOf(fake), ...details };
      const nonce = await insertNonce({
        type,
        nonce_class: name,
        details: merged,
        three_d_secure: fake.threeDSecure,
        vault_token: null,
      });
      return { nonce, type, details: merged };
    },

    async threeDSecure({ nonce, outcome }) {
      const row = await db
        .selectFrom('test_gateway_nonces')
        .select(['type', 'consumed_at'])
        .where('nonce', '=', nonce)
        .executeTakeFirst();
      if (!row) return { ok: false, reason: 'unknown' };
      if (row.type !== 'CreditCard') return { ok: false, reason: 'not_card' };
      const used = await consume(nonce);
      if (used === 'unknown') return { ok: false, reason: 'unknown' };
      if (used === 'consumed') return { ok: false, reason: 'consumed' };
      const result: ThreeDSecureResult = THREE_D_SECURE[outcome];
      const next = await insertNonce({
        type: 'CreditCard',
        nonce_class: used.nonce_class,
        details: used.details,
        three_d_secure: result,
        vault_token: used.vault_token,
      });
      return { ok: true, nonce: next, threeDSecure: result };
    },

    async settle(transactionId) {
      const row = await db
        .updateTable('payment_ledger')
        .set({ status: 'settled' })
        .where('transaction_id', '=', transactionId)
        .where('kind', 'in', ['sale', 'refund'])
        .where('status', 'in', ['authorized', 'submitted_for_settlement', 'settling'])
        .returning('id')
        .executeTakeFirst();
      return Boolean(row);
    },

    async sampleNotification(kind, transactionId) {
      const row = await findSale(transactionId);
      const transaction: WebhookTransaction = row
        ? {
            id: row.transaction_id,
            orderId: row.order_id,
            amount: decimalString(pence(row.amount)),
            status: row.status,
            paymentType: row.payment_type,
            cardType: row.card_type,
            lastFour: row.last_four,
          }
        : { id: transactionId, orderId: null, amount: '100.00', status: 'settled' };
      const body = {
        kind,
        timestamp: now().toISOString(),
        subject: kind === 'check' ? {} : { transaction },
      };
      const payload = Buffer.from(JSON.stringify(body)).toString('base64');
      return { bt_signature: signWebhook(payload), bt_payload: payload };
    },
  };
}

/** A transaction as the test gateway's webhook payloads carry it. */
interface WebhookTransaction {
  id: string;
  orderId: string | null;
  amount: string;
  status: string;
  paymentType?: string | null;
  cardType?: string | null;
  lastFour?: string | null;
}
