/**
 * The browser's own wallet APIs, as far as the shop uses them: Apple's
 * ApplePaySession (Safari) and Google's PaymentsClient (pay.js, loaded on demand).
 * Spec section 4: Apple Pay only when a session exists, supports version 3 and the
 * device can make payments; Google Pay only when the payments client is ready to pay
 * with an existing method.
 */
import { loadScript } from './load-script.ts';

/** Apple Pay JS version the shop uses (spec section 7). */
export const APPLE_PAY_VERSION = 3;

export interface ApplePaySessionLike {
  begin(): void;
  abort(): void;
  completeMerchantValidation(merchantSession: unknown): void;
  completePayment(status: number): void;
  onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
  onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null;
  oncancel: (() => void) | null;
}

export interface ApplePaySessionConstructor {
  new (version: number, request: unknown): ApplePaySessionLike;
  supportsVersion(version: number): boolean;
  canMakePayments(): boolean;
  readonly STATUS_SUCCESS: number;
  readonly STATUS_FAILURE: number;
}

export function applePaySession(): ApplePaySessionConstructor | null {
  const session = (window as { ApplePaySession?: ApplePaySessionConstructor }).ApplePaySession;
  return typeof session === 'function' ? session : null;
}

/** True when this device offers Apple Pay (version 3, able to make payments). */
export function deviceSupportsApplePay(): boolean {
  const Session = applePaySession();
  if (!Session) return false;
  try {
    return Session.supportsVersion(APPLE_PAY_VERSION) && Session.canMakePayments();
  } catch {
    // canMakePayments throws outside a secure context.
    return false;
  }
}

export const GOOGLE_PAY_SCRIPT = 'https://pay.google.com/gp/p/js/pay.js';

export type GooglePayEnvironment = 'TEST' | 'PRODUCTION';

export interface GooglePaymentsClient {
  isReadyToPay(request: object): Promise<{ result: boolean; paymentMethodPresent?: boolean }>;
  loadPaymentData(request: object): Promise<unknown>;
}

interface GooglePayApi {
  PaymentsClient: new (options: { environment: GooglePayEnvironment }) => GooglePaymentsClient;
}

const googleClients = new Map<GooglePayEnvironment, Promise<GooglePaymentsClient>>();

/** Google's payments client for `environment`, loading pay.js the first time. */
export function googlePaymentsClient(
  environment: GooglePayEnvironment,
): Promise<GooglePaymentsClient> {
  let client = googleClients.get(environment);
  if (!client) {
    const googlePayApi = () =>
      (window as { google?: { payments?: { api?: GooglePayApi } } }).google?.payments?.api;
    // pay.js may already be on the page (another script of the shop's, or a test's stand-in).
    client = (googlePayApi() ? Promise.resolve() : loadScript(GOOGLE_PAY_SCRIPT)).then(() => {
      const api = googlePayApi();
      if (!api) throw new Error('Google Pay did not load.');
      return new api.PaymentsClient({ environment });
    });
    client.catch(() => googleClients.delete(environment));
    googleClients.set(environment, client);
  }
  return client;
}

/**
 * Google Pay's authentication methods the shop takes: network tokens only. A `PAN_ONLY`
 * card (the plain card number kept in the Google account) comes with no authentication,
 * and UK strong customer authentication would need 3-D Secure on it; the shop does not
 * run that for wallets (ADR 042).
 */
export const GOOGLE_PAY_AUTH_METHODS = ['CRYPTOGRAM_3DS'];

/** The card method Braintree takes through Google Pay, for the readiness check. */
const GOOGLE_PAY_CARD = {
  type: 'CARD',
  parameters: {
    allowedAuthMethods: GOOGLE_PAY_AUTH_METHODS,
    allowedCardNetworks: ['AMEX', 'MASTERCARD', 'VISA'],
  },
};

/** True when Google Pay is ready to pay with a method the shopper already has. */
export async function deviceSupportsGooglePay(environment: GooglePayEnvironment): Promise<boolean> {
  const client = await googlePaymentsClient(environment);
  const reply = await client.isReadyToPay({
    apiVersion: 2,
    apiVersionMinor: 0,
    allowedPaymentMethods: [GOOGLE_PAY_CARD],
    existingPaymentMethodRequired: true,
  });
  return reply.result && reply.paymentMethodPresent === true;
}
