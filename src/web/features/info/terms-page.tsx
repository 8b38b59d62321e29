import { Link } from 'react-router';
import { InfoPage } from './info-page.tsx';

export function TermsPage() {
  return (
    <InfoPage title="Terms & conditions" updated="1 November 2026">
      <section>
        <h2>About us</h2>
        <p>
          Everbloom Ltd sells artificial plants, flowers and accessories online to customers in the
          United Kingdom and selected European countries. These terms apply to every order placed on
          this website.
        </p>
      </section>
      <section>
        <h2>Your order</h2>
        <p>
          When you place an order we send an email confirming that we have received it. A contract
          is formed when we dispatch the goods. We may decline an order, for example if an item is
          no longer available; if we do, we refund any payment in full.
        </p>
        <p>
          Pre-order items are dispatched when they arrive in our warehouse. Restock dates are our
          best estimate and may change; we will email you if a date moves by more than two weeks.
        </p>
      </section>
      <section>
        <h2>Prices and payment</h2>
        <p>
          Prices are in pounds sterling and include VAT at the current rate for deliveries within
          the UK. Orders delivered outside the UK VAT area are charged without UK VAT; local import
          taxes may apply. Delivery charges are shown before you pay. We take payment when you place
          your order.
        </p>
      </section>
      <section>
        <h2>Discount codes</h2>
        <p>
          One discount code can be used per order. Codes cannot be exchanged for cash and may carry
          a minimum spend or an end date, shown when you apply them.
        </p>
      </section>
      <section>
        <h2>Delivery</h2>
        <p>
          Delivery options, prices and times depend on your address. See our{' '}
          <Link to="/help-centre/topics/orders/delivery">delivery information</Link>.
        </p>
      </section>
      <section>
        <h2>Returns and cancellations</h2>
        <p>
          You may cancel your order and return items within 30 days of delivery for a full refund of
          the item price, provided they are unused and in their original packaging. Under the
          Consumer Contracts Regulations you have at least 14 days to change your mind. Faulty items
          are refunded or replaced at our cost.
        </p>
      </section>
      <section>
        <h2>Your data</h2>
        <p>
          How we use your personal information is explained in our{' '}
          <Link to="/privacy-notice">privacy notice</Link>.
        </p>
      </section>
      <section>
        <h2>Law</h2>
        <p>
          These terms are governed by the law of England and Wales. Your statutory rights are not
          affected.
        </p>
      </section>
    </InfoPage>
  );
}
