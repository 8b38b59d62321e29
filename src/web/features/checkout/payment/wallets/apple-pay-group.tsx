/**
 * The Apple Pay payment group (spec sections 2, 4, 7 and 8). The payment page shows it
 * only when useWalletSupport says the device has Apple Pay.
 *
 * Braintree mode: braintree-web's Apple Pay component is made ready when the group
 * opens, so a click can start Apple's sheet at once (Safari allows a new
 * ApplePaySession only inside the click). The click also starts the billing-form check;
 * the merchant is validated only once that passes, else the sheet is closed and the
 * page has scrolled to the form. The payment request asks for the billing postal
 * address; the authorised payment is tokenised into a nonce.
 * Test mode: a dialog stands in for Apple's sheet.
 */
import { loadBraintreeWeb } from '../client/load-client.ts';
import type { ApplePay } from 'braintree-web/apple-pay';
import { useEffect, useState } from 'react';
import { SHOP_NAME } from '../../../../../domain/api/payments-config.ts';
import { reportError } from '../../../../lib/report-error.ts';
import { Button } from '../../../../ui/button.tsx';
import { Notice } from '../../../../ui/notice.tsx';
import { amountDueDecimal } from '../amount-due.ts';
import { braintreeSession, providerMessage } from './braintree.ts';
import { APPLE_PAY_VERSION, applePaySession } from './device-wallets.ts';
import { usePaymentsConfig } from './payments-config.ts';
import { SimulatedCardSheet, useSimulatedWallet } from './simulated-wallet.tsx';
import type { WalletProps } from './types.ts';
import { useLatest } from './use-latest.ts';

/** The accordion header the payment page shows for this group. */
export const APPLE_PAY_GROUP_TITLE = 'Apple Pay';

/** Spec section 8. */
export const APPLE_PAY_SETUP_ERROR = 'There was an issue setting up Apple Pay in your browser.';
export const APPLE_PAY_VALIDATION_ERROR = 'There was an issue validating your card details.';

export function ApplePayGroup(props: WalletProps) {
  return props.mode === 'braintree' ? (
    <BraintreeApplePay {...props} />
  ) : (
    <TestModeApplePay {...props} />
  );
}

function TestModeApplePay(props: WalletProps) {
  const { basket, disabled } = props;
  const wallet = useSimulatedWallet<'open'>(props, {
    type: 'ApplePayCard',
    details: { cardType: 'Visa' },
    billingFirst: true,
  });
  return (
    <div className="wallet-group wallet-group--apple-pay">
      <Notice tone="info" live={false}>
        Apple Pay is in test mode: this device is treated as one with Apple Pay, a dialog stands in
        for Apple&apos;s payment sheet and no card is charged.
      </Notice>
      <Button
        className="wallet-button wallet-button--apple-pay"
        disabled={disabled || wallet.approving}
        busy={wallet.checking}
        busyLabel="Checking your billing details"
        onClick={() => void wallet.open('open')}
      >
        Pay with Apple Pay
      </Button>
      <SimulatedCardSheet title="Apple Pay" wallet={wallet} basket={basket}>
        <p>Your billing address is shared with the shop.</p>
      </SimulatedCardSheet>
    </div>
  );
}

interface Prepared {
  applePay: ApplePay;
  deviceData: string;
}

function BraintreeApplePay(props: WalletProps) {
  const { clientToken, disabled } = props;
  const shopName = usePaymentsConfig()?.shop_name ?? SHOP_NAME;
  const latest = useLatest(props);
  const [prepared, setPrepared] = useState<Prepared | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    (async () => {
      const { client, deviceData } = await braintreeSession(clientToken);
      const { create } = (await loadBraintreeWeb()).applePay;
      const applePay = await create({ client });
      if (live) setPrepared({ applePay, deviceData });
    })().catch((error: unknown) => {
      reportError('Apple Pay could not be set up', error);
      if (!live) return;
      setFailed(true);
      latest.current.onError(APPLE_PAY_SETUP_ERROR);
    });
    return () => {
      live = false;
    };
  }, [clientToken, latest]);

  // Everything up to session.begin() runs inside the click, as Safari requires.
  const pay = () => {
    const Session = applePaySession();
    if (!prepared || !Session) return;
    const { applePay, deviceData } = prepared;
    const { basket, beforePay, onError, onPaymentData } = latest.current;
    let session: InstanceType<typeof Session>;
    try {
      const request = applePay.createPaymentRequest({
        total: { label: shopName, amount: amountDueDecimal(basket) },
        requiredBillingContactFields: ['postalAddress'],
      });
      session = new Session(APPLE_PAY_VERSION, request);
    } catch (error) {
      reportError('Apple Pay session could not start', error);
      onError(APPLE_PAY_SETUP_ERROR);
      return;
    }
    const billingChecked = beforePay().catch((error: unknown) => {
      onError(providerMessage(error));
      return false;
    });
    session.onvalidatemerchant = (event) => {
      void (async () => {
        // The billing form is invalid: close the sheet; the page shows the form.
        if (!(await billingChecked)) {
          session.abort();
          return;
        }
        try {
          const merchantSession = await applePay.performValidation({
            validationURL: event.validationURL,
            displayName: shopName,
          });
          session.completeMerchantValidation(merchantSession);
        } catch (error) {
          reportError('Apple Pay merchant validation failed', error);
          session.abort();
          onError(APPLE_PAY_VALIDATION_ERROR);
        }
      })();
    };
    session.onpaymentauthorized = (event) => {
      void (async () => {
        try {
          const payload = await applePay.tokenize({ token: event.payment.token });
          session.completePayment(Session.STATUS_SUCCESS);
          onPaymentData({ payment_method_nonce: payload.nonce, device_data: deviceData });
        } catch (error) {
          session.completePayment(Session.STATUS_FAILURE);
          onError(providerMessage(error));
        }
      })();
    };
    // Closing Apple's sheet changes nothing.
    session.oncancel = () => undefined;
    session.begin();
  };

  if (failed) return <Notice tone="error">{APPLE_PAY_SETUP_ERROR}</Notice>;
  return (
    <div className="wallet-group wallet-group--apple-pay">
      <Button
        className="wallet-button wallet-button--apple-pay"
        disabled={disabled || !prepared}
        busy={!prepared}
        busyLabel="Loading Apple Pay"
        onClick={pay}
      >
        Pay with Apple Pay
      </Button>
    </div>
  );
}
