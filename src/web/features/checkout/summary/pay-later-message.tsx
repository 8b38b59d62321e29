/**
 * The order summary's pay-later banner (spec section 2). MESSAGING ONLY: it says what
 * each of PayPal's Pay in 3 payments would be (UK range £20 to £3,000; the discounted
 * total when there is one); it offers nothing and takes no payment (the payment step's
 * PayPal group does that). Once the PayPal group has loaded PayPal's SDK (Braintree
 * mode only), PayPal's own messages component takes the text's place; the summary never
 * loads the SDK itself, nor reads the payment settings (that would put the config
 * query in one more shared chunk of the first download).
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { BasketView } from '../../../../domain/api/basket.ts';
import { decimalString } from '../../../../domain/money.ts';
import { payInThreeMessage } from '../../../../domain/pay-later.ts';
import { reportError } from '../../../lib/report-error.ts';
import { PAYPAL_SDK_EVENT, paypalSdk, type PayPalSdk } from '../payment/wallets/paypal-sdk.ts';

function subscribeToSdk(onChange: () => void) {
  window.addEventListener(PAYPAL_SDK_EVENT, onChange);
  return () => window.removeEventListener(PAYPAL_SDK_EVENT, onChange);
}

/**
 * PayPal's SDK once the PayPal group has loaded it, else null. Only Braintree mode
 * loads it, so test mode always shows the shop's own text.
 */
function usePayPalSdk(): PayPalSdk | null {
  return useSyncExternalStore(subscribeToSdk, paypalSdk, () => null);
}

export function PayLaterMessage({ basket }: { basket: BasketView }) {
  const amount = (basket.discounted_prices?.total ?? basket.prices.total).amount;
  const text = payInThreeMessage(amount);
  const sdk = usePayPalSdk();
  const slot = useRef<HTMLDivElement>(null);
  const [paypalShown, setPayPalShown] = useState<number | null>(null);

  useEffect(() => {
    const container = slot.current;
    if (!sdk?.Messages || !container || text === null) return;
    let live = true;
    sdk
      .Messages({
        amount: Number(decimalString(amount)),
        currency: 'GBP',
        placement: 'payment',
        style: { layout: 'text' },
      })
      .render(container)
      .then(
        () => live && setPayPalShown(amount),
        (error: unknown) => reportError('PayPal’s pay-later message did not show', error),
      );
    return () => {
      live = false;
    };
  }, [sdk, amount, text]);

  if (text === null) return null;
  return (
    <div className="pay-later-message" data-messaging-only="">
      {paypalShown !== amount && <p className="pay-later-message__text">{text}</p>}
      <div ref={slot} />
    </div>
  );
}
