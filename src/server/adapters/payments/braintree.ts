/**
 * The payment gateway on Braintree (npm `braintree`, ADR 018).
 *
 * A sale of a new card nonce runs in three steps, so that a card the processor declines
 * is refused with nothing charged (in the sandbox, processor-declined cards fail
 * verification, not sales):
 * 1. `paymentMethodNonce.find` reads the nonce without using it: its type, card details
 *    and the 3-D Secure authentication the browser ran on it.
 * 2. The card is vaulted with `verifyCard` (Braintree's documented verification for a
 *    nonce: a standalone verification needs the raw card number): for a signed-in
 *    customer in their vault (`paymentMethod.create`, the customer created when
 *    Braintree does not know it yet), for a guest in a customer made for this sale
 *    (`customer.create`). A failed verification refuses the sale.
 * 3. `transaction.sale` with the vaulted token and the nonce's 3-D Secure
 *    authentication id (Braintree takes a token in place of the nonce when the
 *    authentication comes as an id), `threeDSecure.required`, submitted for settlement.
 * Afterwards the card (for a guest, its customer) is deleted. A signed-in customer's new
 * card to be saved skips steps 2 and 3: one sale with the nonce and
 * `storeInVaultOnSuccess`, so the card is kept only if the sale goes through (ADR 042).
 * Wallet nonces (PayPal, Apple Pay, Google Pay network tokens; Google Pay's PAN_ONLY
 * cards are refused) and nonces of cards already in the customer's vault go straight to
 * the sale.
 *
 * Every call is a sale, as on Braintree itself: one sale per order is the order
 * service's rule (ADR 039), not hidden here behind a search. Braintree's refusals become
 * SaleRefusals; thrown errors (timeouts, authentication, 5xx) GatewayUnavailableError.
 */
import braintree from 'braintree';
import { decimalString, pence, penceFromDecimal } from '../../../domain/money.ts';
import type { ContentSources } from '../content-sources.ts';
import { fakeNonce } from './fake-nonces.ts';
import {
  CARD_LIMITED,
  GatewayUnavailableError,
  type GatewayAddress,
  type GatewayRefund,
  type GatewayTransaction,
  type PaidWith,
  type PaymentGateway,
  type RefundOutcome,
  type SaleLookup,
  type SaleRefusal,
  type SaleRequest,
  type SaleResult,
  type ThreeDSecureOutcome,
  type VaultedCard,
} from './port.ts';

export interface BraintreeSettings {
  environment: 'sandbox' | 'production';
  merchantId: string;
  publicKey: string;
  privateKey: string;
}

// The parts of braintree's responses this adapter reads (braintree_node lib/braintree/*.js).
// What it sends is typed by @types/braintree (BraintreeClient below); these stay
// hand-written because the typings differ from what braintree_node returns: an
// ErrorResponse copies every attribute (so `verification`), AndroidPayCard sets
// `cardType`/`last4`, 3-D Secure info carries `threeDSecureAuthenticationId`, and
// transaction search yields an async iterable (ADR 042).

export interface BtValidationError {
  attribute: string;
  code: string;
  message: string;
}

export interface BtCreditCard {
  token?: string;
  cardType?: string;
  last4?: string;
  bin?: string;
  expirationMonth?: string;
  expirationYear?: string;
  default?: boolean;
  uniqueNumberIdentifier?: string;
}

export interface BtTransaction {
  id: string;
  status: string;
  type?: string;
  amount: string;
  orderId?: string | null;
  paymentInstrumentType?: string;
  creditCard?: BtCreditCard;
  applePayCard?: { cardType?: string; last4?: string };
  androidPayCard?: { cardType?: string; last4?: string };
  processorResponseCode?: string;
  processorResponseText?: string;
  additionalProcessorResponse?: string | null;
  gatewayRejectionReason?: string | null;
  createdAt?: string;
  refundIds?: string[];
  /** Cards: the 3-D Secure authentication the sale carried (braintree_node's ThreeDSecureInfo). */
  threeDSecureInfo?: { status?: string; liabilityShifted?: boolean } | null;
}

export interface BtVerification {
  id?: string;
  status: string;
  creditCard?: { uniqueNumberIdentifier?: string };
  processorResponseCode?: string;
  processorResponseText?: string;
  gatewayRejectionReason?: string | null;
}

/** A result: success, or Braintree's ErrorResponse (message, errors, maybe a transaction). */
export interface BtResult {
  success: boolean;
  message?: string;
  errors?: { deepErrors(): BtValidationError[] };
  transaction?: BtTransaction;
  verification?: BtVerification;
  customer?: { id: string; creditCards?: BtCreditCard[]; paymentMethods?: BtCreditCard[] };
  paymentMethod?: BtCreditCard & { verification?: BtVerification };
  clientToken?: string;
  paymentMethodNonce?: { nonce: string };
}

export interface BtNonce {
  nonce: string;
  type?: string;
  details?: {
    bin?: string;
    cardType?: string;
    lastFour?: string;
    expirationMonth?: string;
    expirationYear?: string;
    /** Google Pay: true for a network token (CRYPTOGRAM_3DS), false for PAN_ONLY. */
    isNetworkTokenized?: boolean;
  };
  threeDSecureInfo?: {
    liabilityShifted?: boolean;
    status?: string;
    threeDSecureAuthenticationId?: string;
  } | null;
}

/**
 * A sale's parameters (@types/braintree's), with the 3-D Secure authentication id that
 * braintree_node also takes beside a vaulted token and the typings omit.
 */
type SaleParams = braintree.TransactionRequest & { threeDSecureAuthenticationId?: string };

/**
 * A new customer's parameters. @types/braintree types `creditCard` as a card of an
 * existing customer (its `customerId` required); in customer.create it is not.
 */
type CustomerParams = Omit<braintree.CustomerCreateRequest, 'creditCard'> & {
  creditCard?: Partial<braintree.CreditCardCreateRequest>;
};

/**
 * The calls the adapter makes on a braintree.BraintreeGateway: what it sends is
 * @types/braintree's; what it reads are the shapes above, as braintree_node returns
 * them where the typings differ (results' `verification`, wallet cards' `cardType` and
 * `last4`, 3-D Secure's authentication id, search as an async iterable).
 */
export interface BraintreeClient {
  clientToken: { generate(params: braintree.ClientTokenRequest): Promise<BtResult> };
  customer: {
    find(id: string): Promise<{ id: string; creditCards?: BtCreditCard[] }>;
    create(params: CustomerParams): Promise<BtResult>;
    delete(id: string): Promise<unknown>;
  };
  paymentMethod: {
    create(params: braintree.PaymentMethodCreateRequest): Promise<BtResult>;
    find(token: string): Promise<BtCreditCard & { customerId?: string }>;
    update(token: string, params: braintree.PaymentMethodUpdateRequest): Promise<BtResult>;
    delete(token: string): Promise<unknown>;
  };
  paymentMethodNonce: {
    create(token: string): Promise<BtResult>;
    find(nonce: string): Promise<BtNonce>;
  };
  transaction: {
    sale(params: SaleParams): Promise<BtResult>;
    void(id: string): Promise<BtResult>;
    refund(id: string, amount?: string): Promise<BtResult>;
    find(id: string): Promise<BtTransaction>;
    search(
      build: (search: { orderId(): { is(value: string): void } }) => void,
    ): AsyncIterable<BtTransaction>;
  };
  webhookNotification: {
    parse(
      signature: string,
      payload: string,
    ): Promise<{ kind: string; transaction?: BtTransaction }>;
  };
}

/**
 * The origins braintree-web needs, per environment (read from braintree-web's
 * lib/constants.js and the components' sources; Cardinal's from the Drop-in CSP notes).
 * The policy takes exact origins (no wildcards), so each host is listed.
 */
export function braintreeContentSources(environment: 'sandbox' | 'production'): ContentSources {
  const sandbox = environment === 'sandbox';
  // Braintree's client API: configuration, tokenising (client_api/v1/...).
  const clientApi = sandbox
    ? 'https://api.sandbox.braintreegateway.com'
    : 'https://api.braintreegateway.com';
  // Braintree's GraphQL API (tokenising cards from Hosted Fields, 3DS lookups).
  const graphQl = sandbox
    ? 'https://payments.sandbox.braintree-api.com'
    : 'https://payments.braintree-api.com';
  // Cardinal Commerce (3-D Secure 2): songbird.js, its device-data and challenge frames.
  const songbird = sandbox
    ? 'https://songbirdstag.cardinalcommerce.com'
    : 'https://songbird.cardinalcommerce.com';
  const centinel = sandbox
    ? 'https://centinelapistag.cardinalcommerce.com'
    : 'https://centinelapi.cardinalcommerce.com';
  // PayPal's checkout pages and buttons (the sandbox's are on www.sandbox.paypal.com).
  const paypalSite = sandbox ? 'https://www.sandbox.paypal.com' : 'https://www.paypal.com';
  /** Braintree's static assets: Hosted Fields frames, 3DS bank frame, component scripts. */
  const assets = 'https://assets.braintreegateway.com';
  /** braintree-web's own script CDN (components load further modules from it). */
  const js = 'https://js.braintreegateway.com';
  /** PayPal's JS SDK (/sdk/js) and braintree-web's analytics logger. */
  const paypal = 'https://www.paypal.com';
  /** PayPal's static files (checkout.js, button images). */
  const paypalObjects = 'https://www.paypalobjects.com';
  /** PayPal's fraud/device-data script (Data Collector, FraudNet). */
  const fraudnet = 'https://c.paypal.com';
  /** Google Pay: pay.js, its payment sheet frame and calls; button images from gstatic. */
  const googlePay = 'https://pay.google.com';
  const gstatic = 'https://www.gstatic.com';
  // Apple Pay needs none: ApplePaySession is Safari's own, merchant validation goes via Braintree.
  return {
    'script-src': [js, assets, songbird, paypal, paypalSite, paypalObjects, fraudnet, googlePay],
    'frame-src': [assets, centinel, paypal, paypalSite, fraudnet, googlePay],
    'connect-src': [
      clientApi,
      graphQl,
      songbird,
      centinel,
      paypal,
      paypalSite,
      fraudnet,
      googlePay,
    ],
    'img-src': [assets, paypal, paypalSite, paypalObjects, gstatic],
  };
}

const SUCCEEDED = new Set(['authorized', 'submitted_for_settlement', 'settling', 'settled']);
const VOIDABLE = new Set(['authorized', 'submitted_for_settlement', 'settlement_pending']);
const REFUNDABLE = new Set(['settled', 'settling']);
/**
 * A refund (a `credit` transaction) whose money goes back: submitted, settling or
 * settled. Voided (before settlement), declined, rejected or failed ones gave nothing.
 */
const REFUND_GOES = new Set([
  'authorized',
  'submitted_for_settlement',
  'settlement_pending',
  'settling',
  'settled',
  'settlement_confirmed',
]);

/** Thrown error types that are answers, not outages: the caller decides (braintree error_types.js). */
const ANSWERS = new Set(['notFoundError', 'invalidSignatureError', 'invalidKeysError']);

const errorType = (error: unknown) => (error as { type?: string } | null)?.type;

/** Braintree's codes for a nonce it cannot use (consumed, unknown, locked, wrong merchant). */
const NONCE_ERROR_CODES = new Set(['91564', '91565', '91566', '91567', '93107', '93108']);

function paidWithOf(t: BtTransaction): PaidWith | null {
  switch (t.paymentInstrumentType) {
    case 'credit_card':
      return {
        type: 'credit_card',
        cardType: t.creditCard?.cardType ?? null,
        lastFour: t.creditCard?.last4 ?? null,
      };
    case 'paypal_account':
      return { type: 'paypal', cardType: null, lastFour: null };
    case 'apple_pay_card':
      return {
        type: 'apple_pay',
        cardType: t.applePayCard?.cardType ?? null,
        lastFour: t.applePayCard?.last4 ?? null,
      };
    case 'android_pay_card':
      return {
        type: 'android_pay_card',
        cardType: t.androidPayCard?.cardType ?? null,
        lastFour: t.androidPayCard?.last4 ?? null,
      };
    default:
      return null;
  }
}

/** A sale's 3-D Secure outcome, as the port names it; null when Braintree reported none. */
export function threeDSecureOf(t: BtTransaction): ThreeDSecureOutcome | null {
  const info = t.threeDSecureInfo;
  if (!info?.status) return null;
  return { status: info.status, liabilityShifted: info.liabilityShifted === true };
}

export function transactionOf(t: BtTransaction): GatewayTransaction {
  return {
    id: t.id,
    orderId: t.orderId ?? null,
    amount: penceFromDecimal(t.amount),
    status: t.status,
    succeeded: SUCCEEDED.has(t.status),
    paidWith: paidWithOf(t),
  };
}

/** '2000 : Do Not Honor', as the sandbox's additionalProcessorResponse puts it. */
function processorText(code?: string, text?: string, additional?: string | null): string {
  if (additional) return additional;
  return [code, text].filter(Boolean).join(' : ') || 'Processor Declined';
}

/** The card's uniqueNumberIdentifier as the port's fingerprint, when Braintree gave one. */
function fingerprintOf(card: { uniqueNumberIdentifier?: string } | undefined): {
  fingerprint?: string;
} {
  return card?.uniqueNumberIdentifier ? { fingerprint: card.uniqueNumberIdentifier } : {};
}

/** A failed verification (vaulting with verifyCard) as a refusal. */
export function verificationRefusal(result: BtResult): SaleRefusal {
  const v = result.verification ?? result.paymentMethod?.verification;
  let message = result.message ?? 'The card could not be verified';
  if (v?.status === 'gateway_rejected')
    message = `Gateway Rejected: ${v.gatewayRejectionReason ?? 'unknown'}`;
  else if (v && v.status !== 'verified')
    message = processorText(v.processorResponseCode, v.processorResponseText);
  return {
    type: 'payment_method_error',
    message,
    transactionId: null,
    ...fingerprintOf(v?.creditCard),
  };
}

/** A sale Braintree did not make, in the catalogue's terms. */
export function saleRefusal(result: BtResult): SaleRefusal {
  const t = result.transaction;
  if (t) {
    if (t.status === 'gateway_rejected')
      return {
        type: 'payment_method_error',
        message: `Gateway Rejected: ${t.gatewayRejectionReason ?? 'unknown'}`,
        transactionId: t.id,
        ...fingerprintOf(t.creditCard),
      };
    // processor_declined, settlement_declined, failed: the processor's answer.
    return {
      type: 'payment_failed',
      message: processorText(
        t.processorResponseCode,
        t.processorResponseText,
        t.additionalProcessorResponse,
      ),
      transactionId: t.id,
      ...fingerprintOf(t.creditCard),
    };
  }
  const errors = result.errors?.deepErrors() ?? [];
  const missing = errors.some(
    (error) => error.attribute === 'amount' || /required/i.test(error.message),
  );
  const nonce = errors.some((error) => NONCE_ERROR_CODES.has(error.code));
  return {
    type: missing && !nonce ? 'missing_payment_parameters' : 'payment_method_error',
    message: result.message ?? errors[0]?.message ?? 'The payment was refused',
    transactionId: null,
  };
}

/**
 * Runs a Braintree call. A thrown error other than an answer (not found, bad webhook
 * signature, and our own bug of unknown keys) means Braintree could not be asked or did
 * not answer: timeouts, authenticationError, serverError, serviceUnavailableError,
 * tooManyRequestsError, network errors.
 */
async function call<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const type = errorType(error);
    if (type && ANSWERS.has(type)) throw error;
    throw new GatewayUnavailableError(`Braintree ${what} failed: ${type ?? String(error)}`, {
      cause: error,
    });
  }
}

const isNotFound = (error: unknown) => errorType(error) === 'notFoundError';

function billingParams(billing: GatewayAddress | null): Pick<SaleParams, 'billing'> {
  if (!billing) return {};
  return {
    billing: Object.fromEntries(
      Object.entries(billing).filter(([, value]) => value !== undefined && value !== ''),
    ),
  };
}

export interface BraintreeGatewayOptions {
  /** A BraintreeGateway-shaped client (tests pass a recorded stand-in). */
  client?: BraintreeClient;
  /** Milliseconds per request (Braintree's default is 60 s). */
  timeoutMs?: number;
}

/**
 * The SDK's gateway. braintree 3.40's Config starts every gateway at a 60 s timeout and
 * never reads a `timeout` passed to the constructor; its Http reads
 * `gateway.config.timeout` on each request, so the shop's timeout is set there.
 */
export function sdkGateway(
  settings: BraintreeSettings,
  timeoutMs?: number,
): braintree.BraintreeGateway {
  const gateway = new braintree.BraintreeGateway({
    environment:
      settings.environment === 'production'
        ? braintree.Environment.Production
        : braintree.Environment.Sandbox,
    merchantId: settings.merchantId,
    publicKey: settings.publicKey,
    privateKey: settings.privateKey,
  });
  if (timeoutMs) (gateway.config as { timeout: number }).timeout = timeoutMs;
  return gateway;
}

export function braintreeGateway(
  settings: BraintreeSettings,
  options: BraintreeGatewayOptions = {},
): PaymentGateway {
  const client: BraintreeClient =
    options.client ?? (sdkGateway(settings, options.timeoutMs) as unknown as BraintreeClient);

  async function ensureCustomer(customerId: string): Promise<{ creditCards: BtCreditCard[] }> {
    try {
      const customer = await call('customer.find', () => client.customer.find(customerId));
      return { creditCards: customer.creditCards ?? [] };
    } catch (error) {
      if (!isNotFound(error)) throw error;
      const created = await call('customer.create', () =>
        client.customer.create({ id: customerId }),
      );
      if (!created.success)
        throw new GatewayUnavailableError(`Braintree customer.create refused: ${created.message}`);
      return { creditCards: [] };
    }
  }

  async function findByOrderId(orderId: string): Promise<GatewayTransaction | null> {
    const found: BtTransaction[] = [];
    await call('transaction.search', async () => {
      for await (const t of client.transaction.search((search) => search.orderId().is(orderId)))
        if (t.type === undefined || t.type === 'sale') found.push(t);
    });
    // Several sales may carry one order id (Braintree refuses none): one that took money
    // wins over a voided one, which wins over a refused one, whatever order search
    // answers in; the latest of a kind. Otherwise a void would hide a sale to reverse.
    const latestFirst = [...found].sort((a, b) =>
      String(b.createdAt ?? '').localeCompare(String(a.createdAt ?? '')),
    );
    const chosen =
      latestFirst.find((t) => SUCCEEDED.has(t.status)) ??
      latestFirst.find((t) => t.status === 'voided') ??
      latestFirst[0];
    return chosen ? transactionOf(chosen) : null;
  }

  async function sale(request: SaleRequest): Promise<SaleResult> {
    if (!Number.isInteger(request.amount) || request.amount <= 0)
      return refused('missing_payment_parameters', 'Amount is required.');
    if (!request.nonce)
      return refused('missing_payment_parameters', 'Payment method nonce is required.');

    let nonce: BtNonce;
    try {
      nonce = await call('paymentMethodNonce.find', () =>
        client.paymentMethodNonce.find(request.nonce),
      );
    } catch (error) {
      if (!isNotFound(error)) throw error;
      // The sandbox's fake nonces are names, not stored nonces: their kind is documented.
      const fake = fakeNonce(request.nonce);
      if (!fake) return refused('payment_method_error', 'Unknown or expired payment_method_nonce.');
      nonce = {
        nonce: request.nonce,
        type: fake.type,
        details: {
          ...(fake.bin ? { bin: fake.bin } : {}),
          ...(fake.lastFour ? { lastFour: fake.lastFour } : {}),
        },
      };
    }

    const common: SaleParams = {
      amount: decimalString(pence(request.amount)),
      orderId: request.orderId,
      ...(request.deviceData ? { deviceData: request.deviceData } : {}),
      ...billingParams(request.billing),
    };
    // Google Pay's PAN_ONLY cards are plain card numbers with no authentication: UK
    // strong customer authentication would need 3-D Secure, so only network tokens are
    // taken (the browser asks for CRYPTOGRAM_3DS only; ADR 042).
    if (nonce.type === 'AndroidPayCard' && nonce.details?.isNetworkTokenized === false)
      return refused(
        'payment_method_error',
        'Google Pay cards must be on a device (network tokens only).',
      );
    /** One sale of the nonce itself, with the customer when there is one. */
    const sellNonce = async (options: NonNullable<braintree.TransactionRequest['options']>) =>
      resultOf(
        await call('transaction.sale', () =>
          client.transaction.sale({
            ...common,
            paymentMethodNonce: request.nonce,
            ...(request.customerId ? { customerId: request.customerId } : {}),
            options,
          }),
        ),
      );
    if (nonce.type !== 'CreditCard') return sellNonce({ submitForSettlement: true });

    const threeDSecure = {
      submitForSettlement: true,
      threeDSecure: { required: true },
    };
    // Narrowed once: the calls below read it inside closures.
    const customerId = request.customerId;
    const vault = customerId ? await ensureCustomer(customerId) : null;
    const d = nonce.details ?? {};
    const inVault = vault?.creditCards.find(
      (card) =>
        card.bin === d.bin &&
        card.last4 === d.lastFour &&
        card.expirationMonth === d.expirationMonth &&
        card.expirationYear === d.expirationYear,
    );
    if (inVault && customerId) {
      if (!(await cardAllowed(request, inVault.uniqueNumberIdentifier)))
        return refused('rate_limit', CARD_LIMITED);
      return sellNonce(threeDSecure);
    }

    // A card the customer is saving: one sale that vaults it only if the sale goes through
    // (storeInVaultOnSuccess), so its one 3-D Secure authentication serves one use: the
    // sale (ADR 042). The processor's answer to the sale is the card's check.
    if (customerId && request.storeInVault) {
      return sellNonce({ ...threeDSecure, storeInVaultOnSuccess: true });
    }

    // Verify the card by vaulting it (for a guest, in a customer made for this sale).
    const verified = customerId
      ? await call('paymentMethod.create', () =>
          client.paymentMethod.create({
            customerId,
            paymentMethodNonce: request.nonce,
            options: { verifyCard: true },
          }),
        )
      : await call('customer.create', () =>
          client.customer.create({
            paymentMethodNonce: request.nonce,
            creditCard: { options: { verifyCard: true } },
          }),
        );
    if (!verified.success) {
      const refusal = verificationRefusal(verified);
      // A card over its limit answers the same whether it verified or not: no answer to learn from.
      if (!(await cardAllowed(request, refusal.fingerprint)))
        return refused('rate_limit', CARD_LIMITED);
      return { ok: false, refusal };
    }
    const token =
      verified.paymentMethod?.token ??
      verified.customer?.paymentMethods?.[0]?.token ??
      verified.customer?.creditCards?.[0]?.token;
    const guestCustomer = request.customerId ? null : (verified.customer?.id ?? null);
    if (!token) throw new GatewayUnavailableError('Braintree vaulted the card without a token');
    const card =
      verified.paymentMethod ??
      verified.customer?.paymentMethods?.[0] ??
      verified.customer?.creditCards?.[0];

    try {
      // The fingerprint comes with the vaulted card: asked before the sale is made.
      if (!(await cardAllowed(request, card?.uniqueNumberIdentifier)))
        return refused('rate_limit', CARD_LIMITED);
      const authenticationId = nonce.threeDSecureInfo?.threeDSecureAuthenticationId;
      // A sandbox fake nonce is reusable and carries its 3DS result: sell it as it is.
      const method = fakeNonce(request.nonce)
        ? { paymentMethodNonce: request.nonce }
        : {
            paymentMethodToken: token,
            ...(authenticationId ? { threeDSecureAuthenticationId: authenticationId } : {}),
          };
      return resultOf(
        await call('transaction.sale', () =>
          client.transaction.sale({
            ...common,
            ...method,
            ...(request.customerId ? { customerId: request.customerId } : {}),
            options: threeDSecure,
          }),
        ),
      );
    } finally {
      // Vaulted only to be verified (a card being saved took the one-sale way above):
      // the card, or the guest's customer, goes.
      await (
        guestCustomer ? client.customer.delete(guestCustomer) : client.paymentMethod.delete(token)
      ).catch(() => undefined);
    }
  }

  function resultOf(result: BtResult): SaleResult {
    if (result.success && result.transaction) {
      const paidWith = paidWithOf(result.transaction) ?? {
        type: 'credit_card' as const,
        cardType: null,
        lastFour: null,
      };
      return {
        ok: true,
        sale: {
          transactionId: result.transaction.id,
          amount: penceFromDecimal(result.transaction.amount),
          paidWith,
          threeDSecure: threeDSecureOf(result.transaction),
        },
      };
    }
    return { ok: false, refusal: saleRefusal(result) };
  }

  return {
    mode: 'braintree',
    contentSources: braintreeContentSources(settings.environment),

    async clientToken({ customerId }) {
      const generate = () =>
        call('clientToken.generate', () =>
          client.clientToken.generate(customerId ? { customerId } : {}),
        );
      let result = await generate();
      if (!result.success && customerId && /does not exist/i.test(result.message ?? '')) {
        await ensureCustomer(customerId);
        result = await generate();
      }
      if (!result.success || !result.clientToken)
        throw new GatewayUnavailableError(
          `Braintree clientToken.generate refused: ${result.message}`,
        );
      return result.clientToken;
    },

    sale,

    async reverse(transactionId) {
      let transaction: BtTransaction;
      try {
        transaction = await call('transaction.find', () => client.transaction.find(transactionId));
      } catch (error) {
        if (isNotFound(error)) return { ok: false, kind: null };
        throw error;
      }
      if (transaction.status === 'voided') return { ok: true, kind: 'void' };
      if (VOIDABLE.has(transaction.status)) {
        const result = await call('transaction.void', () => client.transaction.void(transactionId));
        return result.success ? { ok: true, kind: 'void' } : { ok: false, kind: null };
      }
      if (REFUNDABLE.has(transaction.status)) {
        if (transaction.refundIds?.length) return { ok: true, kind: 'refund' };
        const result = await call('transaction.refund', () =>
          client.transaction.refund(transactionId),
        );
        return result.success ? { ok: true, kind: 'refund' } : { ok: false, kind: null };
      }
      return { ok: false, kind: null };
    },

    /**
     * A back-office refund (ADR 051): `transaction.void` when the sale has not settled
     * and the refund is all of it; `transaction.refund(id, amount)` once it has settled
     * (Braintree refuses more than is left of the sale: 91521 "Refund amount is too
     * large", answered as `refused`); a part of an unsettled sale is `unsettled`.
     */
    async refund(transactionId, amount): Promise<RefundOutcome> {
      let transaction: BtTransaction;
      try {
        transaction = await call('transaction.find', () => client.transaction.find(transactionId));
      } catch (error) {
        if (isNotFound(error)) {
          return { ok: false, reason: 'not_found', message: 'The sale was not found.' };
        }
        throw error;
      }
      if (VOIDABLE.has(transaction.status)) {
        if (amount !== penceFromDecimal(transaction.amount)) {
          return {
            ok: false,
            reason: 'unsettled',
            message: `The sale has not settled yet (${transaction.status}): it can only be voided in full.`,
          };
        }
        const result = await call('transaction.void', () => client.transaction.void(transactionId));
        return result.success
          ? { ok: true, kind: 'void', transactionId: null }
          : { ok: false, reason: 'refused', message: result.message ?? 'The void was refused.' };
      }
      if (REFUNDABLE.has(transaction.status)) {
        const result = await call('transaction.refund', () =>
          client.transaction.refund(transactionId, decimalString(pence(amount))),
        );
        return result.success
          ? { ok: true, kind: 'refund', transactionId: result.transaction?.id ?? null }
          : { ok: false, reason: 'refused', message: result.message ?? 'The refund was refused.' };
      }
      return {
        ok: false,
        reason: 'refused',
        message: `The sale cannot be refunded (${transaction.status}).`,
      };
    },

    /**
     * `transaction.find` of the sale, then of each of its `refundIds`, in Braintree's
     * order: each refund's amount and status. A refund id Braintree then
     * cannot find makes the answer incomplete, so it is reported as the gateway being
     * unavailable rather than as a shorter list (which could release a refund that went).
     */
    async lookupSale(transactionId): Promise<SaleLookup | null> {
      let sale: BtTransaction;
      try {
        sale = await call('transaction.find', () => client.transaction.find(transactionId));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      const refunds: GatewayRefund[] = [];
      for (const refundId of sale.refundIds ?? []) {
        let refund: BtTransaction;
        try {
          refund = await call('transaction.find', () => client.transaction.find(refundId));
        } catch (error) {
          if (!isNotFound(error)) throw error;
          throw new GatewayUnavailableError(
            `Braintree lists refund ${refundId} of sale ${transactionId} but cannot find it`,
            { cause: error },
          );
        }
        refunds.push({
          id: refund.id,
          amount: penceFromDecimal(refund.amount),
          status: refund.status,
          succeeded: REFUND_GOES.has(refund.status),
        });
      }
      return {
        id: sale.id,
        amount: penceFromDecimal(sale.amount),
        status: sale.status,
        voided: sale.status === 'voided',
        refunds,
      };
    },

    findByOrderId,

    async listCards(customerId) {
      let customer: { creditCards?: BtCreditCard[] };
      try {
        customer = await call('customer.find', () => client.customer.find(customerId));
      } catch (error) {
        if (isNotFound(error)) return [];
        throw error;
      }
      const cards = [...(customer.creditCards ?? [])].sort(
        (a, b) => Number(Boolean(b.default)) - Number(Boolean(a.default)),
      );
      const listed: VaultedCard[] = [];
      for (const card of cards) {
        if (!card.token) continue;
        const created = await call('paymentMethodNonce.create', () =>
          client.paymentMethodNonce.create(card.token!),
        );
        if (!created.success || !created.paymentMethodNonce) continue;
        listed.push({
          token: card.token,
          nonce: created.paymentMethodNonce.nonce,
          default: Boolean(card.default),
          cardType: card.cardType ?? '',
          lastFour: card.last4 ?? '',
          expirationMonth: card.expirationMonth ?? '',
          expirationYear: card.expirationYear ?? '',
          bin: card.bin ?? '',
        });
      }
      return listed;
    },

    async deleteCard(customerId, token) {
      if (!(await owns(customerId, token))) return false;
      await call('paymentMethod.delete', () => client.paymentMethod.delete(token));
      return true;
    },

    async makeDefaultCard(customerId, token) {
      if (!(await owns(customerId, token))) return false;
      const result = await call('paymentMethod.update', () =>
        client.paymentMethod.update(token, { options: { makeDefault: true } }),
      );
      return result.success;
    },

    async parseWebhook({ signature, payload }) {
      try {
        const notification = await call('webhookNotification.parse', () =>
          client.webhookNotification.parse(signature, payload),
        );
        return {
          kind: notification.kind,
          transaction: notification.transaction ? transactionOf(notification.transaction) : null,
        };
      } catch (error) {
        if (errorType(error) === 'invalidSignatureError') return null;
        throw error;
      }
    },
  };

  /** Whether `token` is one of the customer's payment methods. */
  async function owns(customerId: string, token: string): Promise<boolean> {
    try {
      const method = await call('paymentMethod.find', () => client.paymentMethod.find(token));
      return method.customerId === customerId;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }
}

/** Whether the request's screen lets this card be charged (no fingerprint: nothing to ask). */
async function cardAllowed(request: SaleRequest, fingerprint: string | undefined) {
  return !fingerprint || !request.screenCard || (await request.screenCard(fingerprint));
}

function refused(type: SaleRefusal['type'], message: string): SaleResult {
  return { ok: false, refusal: { type, message, transactionId: null } };
}
