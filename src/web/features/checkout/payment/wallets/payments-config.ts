/**
 * The wallets' one way to the payment settings of GET /api/v1/config (`data.payments`,
 * the server's PaymentsConfigView): Braintree or test mode, PayPal's client id, Google
 * Pay's merchant and environment, and the shop name wallets show to the shopper.
 */
import { useQuery } from '@tanstack/react-query';
import type { PaymentsConfigView } from '../../../../../domain/api/payments-config.ts';
import { configQuery, type ClientConfig } from '../../../../api/config.ts';

const paymentsOf = (config: ClientConfig) => config.payments;

/** The payment settings, or undefined until the config has loaded. */
export function usePaymentsConfig(): PaymentsConfigView | undefined {
  return useQuery({ ...configQuery, select: paymentsOf }).data;
}

/**
 * PayPal's client id: from the page's `<meta name="paypal-client-id">` (spec section 7),
 * which the server writes when PAYPAL_CLIENT_ID is set; else the config's copy.
 */
export function paypalClientId(config: PaymentsConfigView | undefined): string | null {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="paypal-client-id"]');
  return meta?.content || (config?.paypal_client_id ?? null);
}
