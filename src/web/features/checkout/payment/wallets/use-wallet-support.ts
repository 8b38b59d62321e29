/**
 * Which wallet groups the payment page shows (spec section 4): Apple Pay and Google Pay
 * only when the device supports them, in either mode.
 *
 * Braintree mode asks the device: Apple Pay needs ApplePaySession supporting version 3
 * and canMakePayments(); Google Pay needs Google's payments client to be ready to pay
 * with an existing method (pay.js is loaded for the check). Test mode asks the browser
 * the same questions without pay.js (./test-mode-device.ts), unless a tester has chosen
 * the device with localStorage `test_mode_wallets` (ADR 021). Nothing is offered
 * without a client token.
 */
import { useEffect, useState } from 'react';
import type { PaymentMode } from '../../../../../domain/api/payments-config.ts';
import { reportError } from '../../../../lib/report-error.ts';
import { deviceSupportsApplePay, deviceSupportsGooglePay } from './device-wallets.ts';
import { usePaymentsConfig } from './payments-config.ts';
import { browserOffersGooglePay, switchedTestDevice } from './test-mode-device.ts';
import type { WalletSupport } from './types.ts';

export { TEST_MODE_WALLETS_KEY } from './test-mode-device.ts';

const NONE: WalletSupport = { applePay: false, googlePay: false, googlePayTestMode: false };

export function useWalletSupport(mode: PaymentMode, clientToken: string): WalletSupport {
  // Google's check waits for the real settings: never a check in the wrong environment.
  const config = usePaymentsConfig();
  const environment = config?.google_pay.environment ?? 'TEST';
  const merchantId = config?.google_pay.merchant_id ?? null;
  const braintree = mode === 'braintree' && clientToken !== '' && config !== undefined;
  // Google's production environment will not run without the shop's merchant id.
  const googlePayUsable = environment === 'TEST' || merchantId !== null;
  const [googleReady, setGoogleReady] = useState<{ environment: string; ready: boolean } | null>(
    null,
  );

  // Test mode without the tester's switch: the browser's own Google Pay answer.
  const test = mode === 'test' && clientToken !== '';
  const switched = test ? switchedTestDevice() : null;
  const askBrowser = test && switched === null;
  const [browserGooglePay, setBrowserGooglePay] = useState(false);

  useEffect(() => {
    if (!askBrowser) return;
    let live = true;
    void browserOffersGooglePay().then((ready) => live && setBrowserGooglePay(ready));
    return () => {
      live = false;
    };
  }, [askBrowser]);

  useEffect(() => {
    if (!braintree || !googlePayUsable) return;
    let live = true;
    deviceSupportsGooglePay(environment).then(
      (ready) => live && setGoogleReady({ environment, ready }),
      (error: unknown) => {
        reportError('Google Pay readiness check failed', error);
        if (live) setGoogleReady({ environment, ready: false });
      },
    );
    return () => {
      live = false;
    };
  }, [braintree, googlePayUsable, environment]);

  if (clientToken === '') return NONE;
  if (mode === 'test') {
    return switched
      ? { ...switched, googlePayTestMode: true }
      : {
          applePay: deviceSupportsApplePay(),
          googlePay: browserGooglePay,
          googlePayTestMode: true,
        };
  }
  if (!config) return NONE;
  return {
    applePay: deviceSupportsApplePay(),
    googlePay:
      googlePayUsable && googleReady?.environment === environment && googleReady.ready === true,
    googlePayTestMode: environment === 'TEST',
  };
}
