/**
 * Helpers for the wallet component tests: props and the API, with the payment page's
 * test-mode client token and GET /config replies.
 */
import { vi } from 'vitest';
import type { BasketView } from '../../../../../domain/api/basket.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../../../testing/render.tsx';
import { paymentsConfig, testClientToken } from '../testing.ts';
import type { WalletProps } from './types.ts';

export { paymentsConfig } from '../testing.ts';

export const FINGERPRINT = 'fp-test-0123456789';

/** A test-mode client token: base64 JSON, as the test gateway makes it. */
export const CLIENT_TOKEN = testClientToken(FINGERPRINT);

/** POST /test-mode/braintree/client_api/nonces answering with `nonce`. */
export const mintedNonce =
  (nonce: string): ApiHandler =>
  (body) => ({
    body: { data: { nonce, type: (body as { type: string }).type, details: {} } },
  });

export function walletProps(basket: BasketView, overrides: Partial<WalletProps> = {}) {
  return {
    basket,
    mode: 'test' as const,
    clientToken: CLIENT_TOKEN,
    beforePay: vi.fn(async () => true),
    onPaymentData: vi.fn(),
    onError: vi.fn(),
    disabled: false,
    ...overrides,
  } satisfies WalletProps;
}

export function renderWallet(ui: React.ReactNode, handlers: Record<string, ApiHandler> = {}) {
  const api = mockApi({ 'GET /api/v1/config': paymentsConfig(), ...handlers });
  const view = renderWithApp(ui, { path: '/checkout/payment' });
  const nonceCalls = () =>
    api.calls.filter((call) => call.path === '/api/v1/test-mode/braintree/client_api/nonces');
  return { ...api, ...view, nonceCalls };
}

/** Braintree's device data string shape. */
export const DEVICE_DATA = /^\{"correlation_id":"[0-9a-f]{32}"\}$/;
