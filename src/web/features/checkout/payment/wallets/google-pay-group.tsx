/**
 * The Google Pay payment group (spec sections 2, 4 and 7). The payment page shows it
 * only when useWalletSupport says Google Pay is ready to pay.
 *
 * Braintree mode: braintree-web's Google Payment component (Google Pay API version 2,
 * the shop's merchant id) and Google's payments client are made ready when the group
 * opens; a click opens Google's sheet for the basket total (GBP, FINAL) asking for the
 * billing address in the MIN format, and the reply is parsed into a nonce. Google's
 * TEST environment (anything but production) shows the test-mode notice.
 * Test mode: a dialog stands in for Google's sheet.
 */
import { loadBraintreeWeb } from '../client/load-client.ts';
import type { GooglePayment } from 'braintree-web/google-payment';
import { useEffect, useState } from 'react';
import type { PaymentsConfigView } from '../../../../../domain/api/payments-config.ts';
import { reportError } from '../../../../lib/report-error.ts';
import { Button } from '../../../../ui/button.tsx';
import { Notice } from '../../../../ui/notice.tsx';
import { amountDueDecimal } from '../amount-due.ts';
import { braintreeSession, providerMessage } from './braintree.ts';
import {
  GOOGLE_PAY_AUTH_METHODS,
  googlePaymentsClient,
  type GooglePaymentsClient,
} from './device-wallets.ts';
import { usePaymentsConfig } from './payments-config.ts';
import { SimulatedCardSheet, useSimulatedWallet } from './simulated-wallet.tsx';
import type { WalletProps } from './types.ts';
import { useLatest } from './use-latest.ts';

/** The accordion header the payment page shows for this group. */
export const GOOGLE_PAY_GROUP_TITLE = 'Google Pay';

/** Spec section 2: Google Pay in its test environment shows a test-mode notice. */
export const GOOGLE_PAY_TEST_NOTICE =
  'Google Pay is in test mode: no real card will be charged for this order.';

export function GooglePayGroup(props: WalletProps) {
  const config = usePaymentsConfig();
  // Until the settings load, Google's TEST environment (as the readiness check assumes).
  const testEnvironment = props.mode === 'test' || config?.google_pay.environment !== 'PRODUCTION';
  return (
    <div className="wallet-group wallet-group--google-pay">
      {testEnvironment && (
        <Notice tone="info" live={false}>
          {GOOGLE_PAY_TEST_NOTICE}
        </Notice>
      )}
      {props.mode === 'test' ? (
        <TestModeGooglePay {...props} />
      ) : (
        config && <BraintreeGooglePay {...props} config={config} />
      )}
    </div>
  );
}

function TestModeGooglePay(props: WalletProps) {
  const { basket, disabled } = props;
  // Spec section 4 asks PayPal and Apple Pay, not Google Pay, to check the billing form.
  const wallet = useSimulatedWallet<'open'>(props, {
    type: 'AndroidPayCard',
    details: { cardType: 'Visa' },
    billingFirst: false,
  });
  return (
    <>
      <Button
        className="wallet-button wallet-button--google-pay"
        disabled={disabled || wallet.approving}
        onClick={() => void wallet.open('open')}
      >
        Buy with Google Pay
      </Button>
      <SimulatedCardSheet title="Google Pay" wallet={wallet} basket={basket} />
    </>
  );
}

interface Prepared {
  googlePayment: GooglePayment;
  paymentsClient: GooglePaymentsClient;
  deviceData: string;
}

/** The shopper closed Google's sheet. */
function isCancelled(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'statusCode' in error &&
    error.statusCode === 'CANCELED'
  );
}

function BraintreeGooglePay(props: WalletProps & { config: PaymentsConfigView }) {
  const { clientToken, disabled, config } = props;
  const { environment, merchant_id: merchantId } = config.google_pay;
  const latest = useLatest(props);
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    (async () => {
      const [{ client, deviceData }, { create }, paymentsClient] = await Promise.all([
        braintreeSession(clientToken),
        loadBraintreeWeb().then((modules) => modules.googlePayment),
        googlePaymentsClient(environment),
      ]);
      const googlePayment = await create({
        client,
        googlePayVersion: 2,
        ...(merchantId ? { googleMerchantId: merchantId } : {}),
      });
      if (live) setPrepared({ googlePayment, paymentsClient, deviceData });
    })().catch((error: unknown) => {
      reportError('Google Pay could not be set up', error);
      if (!live) return;
      setFailed(true);
      latest.current.onError(providerMessage(error));
    });
    return () => {
      live = false;
    };
  }, [clientToken, environment, merchantId, latest]);

  // Google's sheet must open inside the click: everything it needs is ready beforehand.
  const pay = () => {
    if (!prepared) return;
    const { googlePayment, paymentsClient, deviceData } = prepared;
    const { basket, onError, onPaymentData } = latest.current;
    const overrides = {
      merchantInfo: { merchantId: merchantId ?? '', merchantName: config.shop_name },
      transactionInfo: {
        currencyCode: 'GBP',
        totalPriceStatus: 'FINAL',
        totalPrice: amountDueDecimal(basket),
      },
    };
    const request = googlePayment.createPaymentDataRequest(overrides) as unknown as {
      allowedPaymentMethods: { parameters: Record<string, unknown> }[];
    };
    const card = request.allowedPaymentMethods[0];
    if (card) {
      // braintree-web asks for PAN_ONLY cards too: only network tokens are taken.
      card.parameters.allowedAuthMethods = GOOGLE_PAY_AUTH_METHODS;
      card.parameters.billingAddressRequired = true;
      card.parameters.billingAddressParameters = { format: 'MIN' };
    }
    paymentsClient
      .loadPaymentData(request)
      .then((paymentData) => googlePayment.parseResponse(paymentData))
      .then(
        (payload) =>
          onPaymentData({ payment_method_nonce: payload.nonce, device_data: deviceData }),
        (error: unknown) => {
          if (!isCancelled(error)) onError(providerMessage(error));
        },
      );
  };

  if (failed) {
    return (
      <Notice tone="error">
        Google Pay is not available just now, please choose another way to pay.
      </Notice>
    );
  }
  return (
    <Button
      className="wallet-button wallet-button--google-pay"
      disabled={disabled || !prepared}
      busy={!prepared}
      busyLabel="Loading Google Pay"
      onClick={pay}
    >
      Buy with Google Pay
    </Button>
  );
}
