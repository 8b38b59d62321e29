/**
 * Which payment gateway a configuration gives: Braintree with its three API keys, else
 * the offline test-mode gateway (ADR 018); what the browser is told about it; and the
 * start-up warnings for a production shop that would take no real money.
 */
import { SHOP_NAME, type PaymentsConfigView } from '../../../domain/api/payments-config.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { braintreeGateway } from './braintree.ts';
import type { PaymentGateway } from './port.ts';
import { testModeGateway } from './test-mode.ts';

type PaymentSettings = Pick<AppConfig, 'env' | 'payments' | 'publicUrl'>;

export function paymentGatewayFor(config: PaymentSettings, db: Db): PaymentGateway {
  const { braintree, testModeSecret } = config.payments;
  return braintree
    ? braintreeGateway(braintree, { timeoutMs: braintree.timeoutMs })
    : testModeGateway({ db, secret: testModeSecret, publicUrl: config.publicUrl });
}

/** `data.payments` of GET /api/v1/config. */
export function paymentsConfigView(
  mode: PaymentGateway['mode'],
  config: Pick<AppConfig['payments'], 'braintree' | 'paypalClientId' | 'googlePayMerchantId'>,
): PaymentsConfigView {
  const live = mode === 'braintree' && config.braintree?.environment === 'production';
  return {
    mode,
    paypal_client_id: config.paypalClientId,
    google_pay: {
      merchant_id: config.googlePayMerchantId,
      environment: live ? 'PRODUCTION' : 'TEST',
    },
    shop_name: SHOP_NAME,
  };
}

/**
 * Said at start in production: a demo shop's test mode (PAYMENTS_TEST_MODE=true; without
 * it production refuses to start) takes no money, a sandbox account takes none either,
 * and Google Pay's PRODUCTION environment needs a merchant id. Empty otherwise.
 */
export function paymentWarnings(config: PaymentSettings): string[] {
  if (config.env !== 'production') return [];
  const { braintree, googlePayMerchantId } = config.payments;
  if (!braintree)
    return [
      'PAYMENTS_TEST_MODE is true: payments run in test mode, which takes no money and ' +
        'accepts test cards from anyone; every page says "Test shop". Set the Braintree keys ' +
        '(README, Payments) and unset PAYMENTS_TEST_MODE before selling.',
    ];
  if (braintree.environment === 'sandbox')
    return [
      'BRAINTREE_ENVIRONMENT is sandbox: payments go to Braintree’s sandbox and take no ' +
        'money. Set BRAINTREE_ENVIRONMENT=production with production keys before selling.',
    ];
  if (!googlePayMerchantId)
    return [
      'GOOGLE_PAY_MERCHANT_ID is unset: Google Pay’s PRODUCTION environment needs the ' +
        'merchant id from the Google Pay & Wallet console, so Google Pay cannot complete.',
    ];
  return [];
}
