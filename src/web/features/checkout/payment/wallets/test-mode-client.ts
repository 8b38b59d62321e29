/**
 * The browser side of test mode's "Braintree client API" (notes/contracts.md): turns
 * a simulated wallet approval into a single-use nonce, as braintree-web's tokenize
 * would against Braintree, and makes device data in Braintree's string shape.
 */
import { api } from '../../../../lib/api-client.ts';

export type WalletNonceType = 'PayPalAccount' | 'ApplePayCard' | 'AndroidPayCard';

/** Braintree's documented fake nonce for each simulated wallet. */
export const FAKE_WALLET_NONCES: Record<WalletNonceType, string> = {
  PayPalAccount: 'fake-paypal-one-time-nonce',
  ApplePayCard: 'fake-apple-pay-visa-nonce',
  AndroidPayCard: 'fake-android-pay-visa-nonce',
};

export interface TestNonceDetails {
  cardType?: string;
  lastFour?: string;
  email?: string;
  cardholderName?: string;
}

/** The authorization fingerprint inside a client token (base64 of JSON). */
export function authorizationFingerprint(clientToken: string): string {
  try {
    const parsed = JSON.parse(atob(clientToken)) as { authorizationFingerprint?: unknown };
    if (typeof parsed.authorizationFingerprint === 'string') return parsed.authorizationFingerprint;
  } catch {
    // Reported below, as for a token without a fingerprint.
  }
  throw new Error('The payment client token could not be read, please reload the page.');
}

/** POST /test-mode/braintree/client_api/nonces: a nonce for the simulated wallet. */
export async function mintWalletNonce(
  clientToken: string,
  type: WalletNonceType,
  details: TestNonceDetails,
): Promise<string> {
  const reply = await api<{ nonce: string }>('POST', '/test-mode/braintree/client_api/nonces', {
    authorization_fingerprint: authorizationFingerprint(clientToken),
    type,
    fake_nonce: FAKE_WALLET_NONCES[type],
    details,
  });
  return reply.nonce;
}

/** `{"correlation_id":"<32 hex>"}`, the shape Braintree's data collector gives. */
export function testDeviceData(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return JSON.stringify({ correlation_id: hex });
}
