/**
 * /checkout/payment until the payment step is built (the next issue): the way back
 * to the delivery options and a plain note that payment is not open yet. The order
 * summary beside it comes from the checkout layout.
 */
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/page-title.ts';
import { Notice } from '../../../ui/notice.tsx';
import { DELIVERY_PATH } from '../header/checkout-steps.ts';

export function PaymentPlaceholder() {
  usePageTitle('Payment');
  return (
    <div className="checkout-payment">
      <p className="checkout-step__back">
        <Link to={DELIVERY_PATH}>Return to delivery options</Link>
      </p>
      <h1>Payment</h1>
      <Notice tone="info" live={false}>
        Payment is not open yet in this version of the shop: card, PayPal, pay later, Apple Pay and
        Google Pay arrive with the next update of the checkout.
      </Notice>
    </div>
  );
}
