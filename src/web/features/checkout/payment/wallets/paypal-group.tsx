/**
 * The PayPal payment group: PayPal and Pay Later (spec sections 2, 4 and 7).
 *
 * Braintree mode: braintree-web's PayPal Checkout loads PayPal's SDK (GBP, intent
 * capture, Pay Later enabled, en_GB, the client id from the page's meta tag) and
 * renders PayPal's own buttons; clicking one first validates the billing form, then
 * PayPal's window runs the 'checkout' flow for the basket total with the delivery
 * address as the shipping address, and the approval is tokenised into a nonce.
 * Test mode: a 'Log in to PayPal' dialog stands in for PayPal's window.
 */
import { loadBraintreeWeb } from '../client/load-client.ts';
import { useEffect, useRef, useState } from 'react';
import type { PayPalCheckoutCreatePaymentOptions } from 'braintree-web/paypal-checkout';
import type { AddressView } from '../../../../../domain/api/basket.ts';
import { alpha2Code } from '../../../../../domain/countries.ts';
import { formatPence } from '../../../../../domain/money.ts';
import { payInThreeInstalment, payInThreeMessage } from '../../../../../domain/pay-later.ts';
import { reportError } from '../../../../lib/report-error.ts';
import { Button } from '../../../../ui/button.tsx';
import { Notice } from '../../../../ui/notice.tsx';
import { amountDue, amountDueDecimal } from '../amount-due.ts';
import { braintreeSession, providerMessage } from './braintree.ts';
import { paypalClientId, usePaymentsConfig } from './payments-config.ts';
import { announcePayPalSdk, paypalSdk } from './paypal-sdk.ts';
import { CancelButton, SimulatedSheet, useSimulatedWallet } from './simulated-wallet.tsx';
import type { WalletProps } from './types.ts';
import { useLatest } from './use-latest.ts';

/** The accordion header the payment page shows for this group. */
export const PAYPAL_GROUP_TITLE = 'PayPal';

export function PayPalGroup(props: WalletProps) {
  return props.mode === 'braintree' ? (
    <BraintreePayPal {...props} />
  ) : (
    <TestModePayPal {...props} />
  );
}

function TestModePayPal(props: WalletProps) {
  const { basket, disabled } = props;
  const wallet = useSimulatedWallet<'paypal' | 'paylater'>(props, {
    type: 'PayPalAccount',
    details: basket.email_address ? { email: basket.email_address } : {},
    billingFirst: true,
  });
  const total = amountDue(basket);
  const instalment = payInThreeInstalment(total);
  const busy = disabled || wallet.checking || wallet.approving;

  return (
    <div className="wallet-group wallet-group--paypal">
      <Notice tone="info" live={false}>
        PayPal is in test mode: a dialog stands in for PayPal&apos;s window and no PayPal account is
        charged.
      </Notice>
      <p>You will be asked to log in to PayPal to pay {formatPence(total)}.</p>
      <div className="wallet-group__buttons">
        <Button
          className="wallet-button wallet-button--paypal"
          disabled={busy}
          busy={wallet.checking && wallet.choice === null}
          busyLabel="Checking your billing details"
          onClick={() => void wallet.open('paypal')}
        >
          Pay with PayPal
        </Button>
        {instalment !== null && (
          <Button
            variant="secondary"
            className="wallet-button wallet-button--paylater"
            disabled={busy}
            onClick={() => void wallet.open('paylater')}
          >
            Pay Later
          </Button>
        )}
      </div>
      {instalment !== null && <p className="wallet-group__hint">{payInThreeMessage(total)}</p>}
      <SimulatedSheet
        title="Log in to PayPal"
        open={wallet.choice !== null}
        onCancel={wallet.cancel}
        basket={basket}
      >
        <p>Choose how to pay with PayPal.</p>
        <div className="wallet-sheet__actions">
          <Button
            variant={wallet.choice === 'paypal' ? 'primary' : 'secondary'}
            busy={wallet.approving}
            busyLabel="Paying"
            onClick={() => void wallet.approve()}
          >
            Pay {formatPence(total)}
          </Button>
          {instalment !== null && (
            <Button
              variant={wallet.choice === 'paylater' ? 'primary' : 'secondary'}
              disabled={wallet.approving}
              onClick={() => void wallet.approve()}
            >
              Pay in 3 payments of {formatPence(instalment)}
            </Button>
          )}
          <CancelButton onClick={wallet.cancel} disabled={wallet.approving} />
        </div>
      </SimulatedSheet>
    </div>
  );
}

/** PayPal's shipping address override from the basket's delivery address. */
function shippingAddress(address: AddressView | null) {
  if (!address) return undefined;
  return {
    recipientName: [address.first_name, address.last_name].filter(Boolean).join(' '),
    line1: address.line_1,
    line2: address.line_2 ?? '',
    city: address.line_3,
    state: address.line_4 ?? '',
    postalCode: address.postcode,
    countryCode: alpha2Code(address.country_code) ?? 'GB',
  };
}

type LoadState = 'loading' | 'ready' | 'failed';

function BraintreePayPal(props: WalletProps) {
  const { clientToken, disabled } = props;
  const config = usePaymentsConfig();
  const latest = useLatest(props);
  const paypalButton = useRef<HTMLDivElement>(null);
  const payLaterButton = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<LoadState>('loading');
  const clientId = paypalClientId(config);

  useEffect(() => {
    let live = true;
    const rendered: { close(): Promise<void> }[] = [];
    (async () => {
      const { client, deviceData } = await braintreeSession(clientToken);
      const { create } = (await loadBraintreeWeb()).paypalCheckout;
      const checkout = await create({ client });
      await checkout.loadPayPalSDK({
        currency: 'GBP',
        intent: 'capture',
        ...(clientId ? { 'client-id': clientId } : {}),
        'enable-funding': 'paylater',
        components: 'buttons,messages',
        locale: 'en_GB',
      });
      announcePayPalSdk();
      const paypal = paypalSdk();
      if (!paypal) throw new Error('PayPal did not load.');
      const slots = [
        [paypal.FUNDING.PAYPAL, paypalButton],
        [paypal.FUNDING.PAYLATER, payLaterButton],
      ] as const;
      for (const [fundingSource, slot] of slots) {
        const buttons = paypal.Buttons({
          fundingSource,
          style: { height: 45, shape: 'rect' },
          // Spec section 4: the billing form is checked first; PayPal opens only if valid.
          onClick: async (_data, actions) =>
            (await latest.current.beforePay()) ? actions.resolve() : actions.reject(),
          createOrder: () => {
            const { basket } = latest.current;
            const shipping = shippingAddress(basket.delivery_address);
            return checkout.createPayment({
              // The typings' enums name the same strings braintree-web checks for.
              flow: 'checkout' as unknown as PayPalCheckoutCreatePaymentOptions['flow'],
              amount: amountDueDecimal(basket),
              currency: 'GBP',
              intent: 'capture' as unknown as PayPalCheckoutCreatePaymentOptions['intent'],
              enableShippingAddress: true,
              shippingAddressEditable: false,
              ...(shipping ? { shippingAddressOverride: shipping } : {}),
            });
          },
          onApprove: async (data) => {
            const payload = await checkout.tokenizePayment(
              data as Parameters<typeof checkout.tokenizePayment>[0],
            );
            latest.current.onPaymentData({
              payment_method_nonce: payload.nonce,
              device_data: deviceData,
            });
          },
          // Closing PayPal's window changes nothing.
          onCancel: () => undefined,
          onError: (error) => latest.current.onError(providerMessage(error)),
        });
        if (!live || !slot.current || !buttons.isEligible()) continue;
        await buttons.render(slot.current);
        rendered.push(buttons);
      }
      if (live) setState('ready');
    })().catch((error: unknown) => {
      reportError('PayPal could not be set up', error);
      if (!live) return;
      setState('failed');
      latest.current.onError(providerMessage(error));
    });
    return () => {
      live = false;
      for (const buttons of rendered) void buttons.close().catch(() => undefined);
    };
  }, [clientToken, clientId, latest]);

  return (
    <div className="wallet-group wallet-group--paypal" aria-busy={state === 'loading'}>
      {state === 'loading' && (
        <p className="wallet-group__loading" role="status">
          <span className="spinner" aria-hidden="true" /> Loading PayPal
        </p>
      )}
      {state === 'failed' && (
        <Notice tone="error">
          PayPal is not available just now, please choose another way to pay.
        </Notice>
      )}
      <div
        className={['wallet-group__buttons', disabled ? 'wallet-group__buttons--disabled' : '']
          .filter(Boolean)
          .join(' ')}
        aria-disabled={disabled || undefined}
        inert={disabled || undefined}
      >
        <div ref={paypalButton} />
        <div ref={payLaterButton} />
      </div>
    </div>
  );
}
