/** Helpers for the wallet component tests: a test-mode client token, props and the API. */
import { vi } from 'vitest';
import type { BasketView } from '../../../../../domain/api/basket.ts';
import { mockApi, renderWithApp, type ApiHandler } from '../../../../testing/render.tsx';
import type { WalletProps } from './types.ts';

export const FINGERPRINT = 'fp-test-0123456789';

/** A test-mode client token: base64 JSON, as the test gateway makes it. */
export const CLIENT_TOKEN = btoa(
  JSON.stringify({
    version: 2,
    environment: 'test',
    authorizationFingerprint: FINGERPRINT,
    configUrl: 'http://localhost/api/v1/test-mode/braintree/client_api/config',
  }),
);

/** GET /config with the payments section. */
export const paymentsConfig =
  (payments: Record<string, unknown> = {}): ApiHandler =>
  () => ({
    body: {
      data: {
        captcha: { mode: 'test', site_key: null },
        payments: {
          mode: 'test',
          paypal_client_id: null,
          google_pay: { merchant_id: null, environment: 'TEST' },
          shop_name: 'Everbloom',
          ...payments,
        },
      },
    },
  });

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
