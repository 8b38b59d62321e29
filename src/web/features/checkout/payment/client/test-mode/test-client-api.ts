/**
 * The test gateway's stand-in for Braintree's client API (ADR 020; served by
 * server/adapters/payments/test-mode-routes.ts, shapes in the OpenAPI document): the
 * client token read as braintree-web reads it (base64 JSON with the authorization
 * fingerprint and the config URL), nonces minted from a card's non-secret details, and
 * the 3-D Secure outcome the browser decided. The card number and security code are
 * never sent. The wallets' test-mode simulations mint their nonces through it too.
 */
import type { NonceType, WalletNonceType } from '../../../../../../domain/payments/nonce-types.ts';
import { PaymentClientError } from '../types.ts';

export interface TestClientToken {
  authorizationFingerprint: string;
  /**
   * The client API's path on this page's own origin, e.g.
   * /api/v1/test-mode/braintree/client_api (the token's origin may be the server's
   * public address, not the one the page was loaded from, as behind the dev proxy).
   */
  clientApiUrl: string;
}

/** Reads a test-mode client token; a token it cannot read is Braintree's CLIENT_INVALID_AUTHORIZATION. */
export function readClientToken(token: string): TestClientToken {
  try {
    const parsed = JSON.parse(atob(token)) as {
      authorizationFingerprint?: unknown;
      configUrl?: unknown;
    };
    if (
      typeof parsed.authorizationFingerprint !== 'string' ||
      typeof parsed.configUrl !== 'string'
    ) {
      throw new Error('missing fields');
    }
    return {
      authorizationFingerprint: parsed.authorizationFingerprint,
      clientApiUrl: new URL(parsed.configUrl, 'http://localhost').pathname.replace(/\/config$/, ''),
    };
  } catch {
    throw new PaymentClientError(
      'CLIENT_INVALID_AUTHORIZATION',
      'Authorization is invalid. Make sure your client token or tokenization key is valid.',
    );
  }
}

/** A card's non-secret details, as the card library's tokeniser reports them. */
export interface CardNonceDetails {
  cardType: string;
  lastFour: string;
  bin: string;
  expirationMonth: string;
  expirationYear: string;
  cardholderName: string;
}

/** What a wallet's approval tells about the payment method (never a full card number). */
export interface WalletNonceDetails {
  cardType?: string;
  lastFour?: string;
  email?: string;
  cardholderName?: string;
}

/** A card's or a wallet's nonce request: the type, Braintree's fake nonce, the details. */
export type MintNonceRequest =
  | { type: 'CreditCard'; fake_nonce: string; details: CardNonceDetails }
  | { type: WalletNonceType; fake_nonce: string; details: WalletNonceDetails };

interface FailureCodes {
  /** The request reached the client API and was refused. */
  refused: string;
  /** The request never reached it. */
  network: string;
}

/**
 * The library's error codes for a failed tokenisation of each kind: hosted fields' for
 * cards, and braintree-web's PayPal Checkout, Apple Pay and Google Payment codes.
 */
const TOKENIZE_FAILURES: Record<NonceType, FailureCodes> = {
  CreditCard: {
    refused: 'HOSTED_FIELDS_FAILED_TOKENIZATION',
    network: 'HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR',
  },
  PayPalAccount: {
    refused: 'PAYPAL_ACCOUNT_TOKENIZATION_FAILED',
    network: 'PAYPAL_ACCOUNT_TOKENIZATION_FAILED',
  },
  ApplePayCard: { refused: 'APPLE_PAY_TOKENIZATION', network: 'APPLE_PAY_TOKENIZATION' },
  AndroidPayCard: {
    refused: 'GOOGLE_PAYMENT_GATEWAY_ERROR',
    network: 'GOOGLE_PAYMENT_GATEWAY_ERROR',
  },
};

const THREE_D_SECURE_FAILURE: FailureCodes = {
  refused: 'THREEDS_LOOKUP_ERROR',
  network: 'THREEDS_LOOKUP_ERROR',
};

export interface ThreeDSecureReply {
  nonce: string;
  liabilityShifted: boolean;
  liabilityShiftPossible: boolean;
  status: string;
}

export type ThreeDSecureOutcome = 'authenticated' | 'failed' | 'unavailable';

async function post<T>(url: string, body: unknown, failure: FailureCodes): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new PaymentClientError(failure.network, 'A tokenization network error occurred.');
  }
  const reply = (await response.json().catch(() => ({}))) as { data?: T; message?: string };
  if (!response.ok || reply.data === undefined) {
    throw new PaymentClientError(failure.refused, reply.message ?? 'The request failed.');
  }
  return reply.data;
}

export function mintNonce(
  token: TestClientToken,
  request: MintNonceRequest,
): Promise<{ nonce: string }> {
  return post(
    `${token.clientApiUrl}/nonces`,
    { authorization_fingerprint: token.authorizationFingerprint, ...request },
    TOKENIZE_FAILURES[request.type],
  );
}

export function completeThreeDSecure(
  token: TestClientToken,
  request: { nonce: string; amount: string; outcome: ThreeDSecureOutcome },
): Promise<ThreeDSecureReply> {
  return post(
    `${token.clientApiUrl}/three_d_secure`,
    { authorization_fingerprint: token.authorizationFingerprint, ...request },
    THREE_D_SECURE_FAILURE,
  );
}

/** Device data in Braintree's string shape: a 32-hex-character correlation id. */
export function testDeviceData(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const correlationId = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return JSON.stringify({ correlation_id: correlationId });
}
