/**
 * Which wallet groups the payment page shows (spec section 4).
 *
 * Braintree mode asks the device: Apple Pay needs ApplePaySession supporting version 3
 * and canMakePayments(); Google Pay needs Google's payments client to be ready to pay
 * with an existing method (pay.js is loaded for the check). Test mode simulates a
 * device that supports both, so every group can be tried offline; a tester simulates a
 * device without them by setting localStorage `test_mode_wallets` to the wallets the
 * device has, comma-separated: 'apple_pay', 'google_pay', both, or '' for neither
 * (ADR 021). Nothing is offered without a client token.
 */
import { useEffect, useState } from 'react';
import type { PaymentMode } from '../../../../../domain/api/payments-config.ts';
import { reportError } from '../../../../lib/report-error.ts';
import { deviceSupportsApplePay, deviceSupportsGooglePay } from './device-wallets.ts';
import { usePaymentsConfig } from './payments-config.ts';
import type { WalletSupport } from './types.ts';

/** localStorage key: the wallets test mode's simulated device has. */
export const TEST_MODE_WALLETS_KEY = 'test_mode_wallets';

const NONE: WalletSupport = { applePay: false, googlePay: false, googlePayTestMode: false };

function simulatedDevice(): Pick<WalletSupport, 'applePay' | 'googlePay'> {
  let setting: string | null = null;
  try {
    setting = window.localStorage.getItem(TEST_MODE_WALLETS_KEY);
  } catch {
    // Storage blocked: the default device.
  }
  if (setting === null) return { applePay: true, googlePay: true };
  const wallets = setting.split(',').map((wallet) => wallet.trim());
  return { applePay: wallets.includes('apple_pay'), googlePay: wallets.includes('google_pay') };
}

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
  if (mode === 'test') return { ...simulatedDevice(), googlePayTestMode: true };
  if (!config) return NONE;
  return {
    applePay: deviceSupportsApplePay(),
    googlePay:
      googlePayUsable && googleReady?.environment === environment && googleReady.ready === true,
    googlePayTestMode: environment === 'TEST',
  };
}
