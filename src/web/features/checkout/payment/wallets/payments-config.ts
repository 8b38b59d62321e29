/**
 * The payment settings of GET /api/v1/config (`data.payments`, notes/contracts.md):
 * Braintree or test mode, PayPal's client id, Google Pay's merchant and environment,
 * and the shop name wallets show to the shopper.
 */
import { useQuery } from '@tanstack/react-query';
import { configQuery, type ClientConfig } from '../../../../api/config.ts';
import { BRAND } from '../../../../lib/analytics.ts';

export type PaymentMode = 'braintree' | 'test';

export interface PaymentsConfig {
  mode: PaymentMode;
  paypal_client_id: string | null;
  google_pay: { merchant_id: string | null; environment: 'TEST' | 'PRODUCTION' };
  shop_name: string;
}

/** Until the config says otherwise: test mode, Google's TEST environment. */
export const DEFAULT_PAYMENTS_CONFIG: PaymentsConfig = {
  mode: 'test',
  paypal_client_id: null,
  google_pay: { merchant_id: null, environment: 'TEST' },
  shop_name: BRAND,
};

function paymentsOf(config: ClientConfig): PaymentsConfig {
  const payments = (config as ClientConfig & { payments?: Partial<PaymentsConfig> }).payments;
  return { ...DEFAULT_PAYMENTS_CONFIG, ...payments };
}

/** The payment settings, or null until the config has loaded. */
export function useLoadedPaymentsConfig(): PaymentsConfig | null {
  return useQuery({ ...configQuery, select: paymentsOf }).data ?? null;
}

/** The payment settings (the defaults while the config loads or if it has none). */
export function usePaymentsConfig(): PaymentsConfig {
  return useLoadedPaymentsConfig() ?? DEFAULT_PAYMENTS_CONFIG;
}

/**
 * PayPal's client id: from the page's `<meta name="paypal-client-id">` (spec section 7),
 * which the server writes when PAYPAL_CLIENT_ID is set; else the config's copy.
 */
export function paypalClientId(config: PaymentsConfig): string | null {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="paypal-client-id"]');
  return meta?.content || config.paypal_client_id;
}
