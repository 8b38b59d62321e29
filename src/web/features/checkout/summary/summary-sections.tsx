/**
 * The order summary's sections (spec section 2): Basket, Delivery address,
 * Delivery options, the price lines and what goes with them. Lines and totals are
 * the basket page's own components (src/web/shared), shown read-only. Loaded beside
 * the step rather than before it (order-summary.tsx, ADR 079).
 */
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { AddressView, BasketView } from '../../../../domain/api/basket.ts';
import { formatShopDate } from '../../../../domain/dates.ts';
import { formatDeliveryPrice } from '../../../../domain/money.ts';
import { useAuthToken } from '../../../lib/auth-token-read.ts';
import { BasketLine } from '../../../shared/basket-line.tsx';
import { BasketTotals, FreeDeliveryMessage } from '../../../shared/basket-totals.tsx';
import { DiscountForm } from '../../../shared/discount-form.tsx';
import { excludesTax, priceAmount } from '../../../shared/price.ts';
import { CreditToggle } from './credit-toggle.tsx';
import { LoyaltyToggle } from './loyalty-toggle.tsx';
import { PayLaterMessage } from './pay-later-message.tsx';
import { addressLines, sameAddressLines } from '../../../../domain/address-lines.ts';

/** Lines shown in full; more collapse the list (spec section 9). */
const ITEMS_SHOWN_IN_FULL = 2;
const ITEMS_COLLAPSED_HEIGHT = '300px';
const BILLING_COLLAPSED_HEIGHT = '170px';

function Section({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className="summary-section" aria-labelledby={id}>
      <div className="summary-section__header">
        <h3 id={id} className="summary-section__title">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}

/** A block that shows `collapsedHeight` of itself until the shopper opens it. */
function Collapsible({
  collapsedHeight,
  showLabel,
  hideLabel,
  children,
}: {
  collapsedHeight: string;
  showLabel: string;
  hideLabel: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <div
        id={id}
        className={['summary-collapsible', open ? '' : 'summary-collapsible--collapsed'].join(' ')}
        style={open ? undefined : { maxHeight: collapsedHeight }}
      >
        {children}
      </div>
      <button
        type="button"
        className="summary-toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? hideLabel : showLabel}
      </button>
    </>
  );
}

function BasketSection({ basket, excludeTax }: { basket: BasketView; excludeTax: boolean }) {
  const lines = [...basket.items, ...basket.promotion_items];
  const list = (
    <ul className="summary-lines">
      {lines.map((item) => (
        <BasketLine
          key={item.id}
          item={item}
          excludeTax={excludeTax}
          restockDates={basket.preorder_restock_dates}
          editable={false}
        />
      ))}
    </ul>
  );
  return (
    <Section title="Basket" action={<Link to="/basket">Edit basket</Link>}>
      {lines.length > ITEMS_SHOWN_IN_FULL ? (
        <Collapsible
          collapsedHeight={ITEMS_COLLAPSED_HEIGHT}
          showLabel="Show more items"
          hideLabel="Hide"
        >
          {list}
        </Collapsible>
      ) : (
        list
      )}
      <RestockTable basket={basket} />
    </Section>
  );
}

/** Pre-order restock dates: product and dd/MM/yyyy, or 'To be confirmed'. */
function RestockTable({ basket }: { basket: BasketView }) {
  const rows = Object.entries(basket.preorder_restock_dates);
  if (rows.length === 0) return null;
  return (
    <table className="summary-restock">
      <caption>Pre-order restock dates</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">Restock date</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([id, { name, date }]) => (
          <tr key={id}>
            <td>{name}</td>
            <td>{formatShopDate(date)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AddressLines({ address }: { address: AddressView }) {
  const lines = addressLines(address);
  return (
    <address className="summary-address">
      {lines.map((line, index) => (
        <span key={index}>{line}</span>
      ))}
    </address>
  );
}

function AddressSection({ basket }: { basket: BasketView }) {
  const delivery = basket.delivery_address;
  if (!delivery) return null;
  const billing = basket.billing_address;
  return (
    <Section title="Delivery address" action={<Link to="/checkout/address">Edit details</Link>}>
      <AddressLines address={delivery} />
      {billing && !sameAddressLines(billing, delivery) && (
        <Collapsible
          collapsedHeight={BILLING_COLLAPSED_HEIGHT}
          showLabel="Show billing address"
          hideLabel="Hide billing address"
        >
          <h4 className="summary-address__heading">Billing address</h4>
          <AddressLines address={billing} />
        </Collapsible>
      )}
    </Section>
  );
}

function DeliveryOptionSection({
  basket,
  excludeTax,
}: {
  basket: BasketView;
  excludeTax: boolean;
}) {
  if (!basket.delivery_address) return null;
  const chosen = basket.available_delivery_options.find(
    (option) => option.id === basket.delivery_option?.id,
  );
  return (
    <Section title="Delivery options" action={<Link to="/checkout/delivery">Edit option</Link>}>
      {chosen ? (
        <p className="summary-delivery">
          <span>{chosen.name}</span>{' '}
          <strong>{formatDeliveryPrice(priceAmount(chosen.price, excludeTax))}</strong>
        </p>
      ) : (
        <p className="summary-delivery summary-delivery--none">No delivery option chosen yet</p>
      )}
    </Section>
  );
}

/** Everything inside the summary panel. */
export function SummarySections({
  basket,
  allowModifications,
}: {
  basket: BasketView;
  allowModifications: boolean;
}) {
  const signedIn = useAuthToken() !== null;
  const excludeTax = excludesTax(basket);
  return (
    <div className="summary-sections">
      <BasketSection basket={basket} excludeTax={excludeTax} />
      <AddressSection basket={basket} />
      <DeliveryOptionSection basket={basket} excludeTax={excludeTax} />
      <div className="summary-totals">
        <BasketTotals basket={basket} />
        <FreeDeliveryMessage basket={basket} />
      </div>
      {signedIn && basket.loyalty_points.available > 0 && <LoyaltyToggle basket={basket} />}
      {signedIn && basket.credit.available > 0 && <CreditToggle basket={basket} />}
      <PayLaterMessage basket={basket} />
      {allowModifications && (
        <div className="summary-discount">
          <h3 className="summary-discount__heading">Got a discount code?</h3>
          <DiscountForm basket={basket} />
        </div>
      )}
    </div>
  );
}
