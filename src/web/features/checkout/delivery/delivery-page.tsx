/**
 * The delivery options step (/checkout/delivery, spec section 2): the basket's
 * delivery options as radio choices, then the delivery instructions as soon as one
 * is chosen. Choosing an option is saved at once and the server's basket replaces the
 * cached one, so the summary's delivery line and total follow.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import type { BasketView, DeliveryOptionView } from '../../../../domain/api/basket.ts';
import { formatDeliveryPrice } from '../../../../domain/money.ts';
import { useBasket } from '../../../api/basket.ts';
import { useSetDeliveryOption } from '../../../api/basket-changes.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { reportError } from '../../../lib/report-error.ts';
import { excludesTax, priceAmount } from '../../../shared/price.ts';
import { LoadingOverlay } from '../../../ui/loading-overlay.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { SafePlaceForm } from './safe-place-form.tsx';
import './delivery.css';

/** 'Free' for a zero price (spec section 9), including or excluding VAT as shown. */
function optionPriceLabel(option: DeliveryOptionView, excludeTax: boolean): string {
  return formatDeliveryPrice(priceAmount(option.price, excludeTax));
}

export function DeliveryPage() {
  usePageTitle('Delivery options');
  const { data: basket } = useBasket({ refetchOnWindowFocus: true });
  return (
    <div className="delivery-page">
      <p className="delivery-page__back">
        <Link to="/checkout/address">Return to delivery address</Link>
      </p>
      <h1 className="delivery-page__heading">Delivery options</h1>
      {basket ? (
        <DeliveryChoice basket={basket} />
      ) : (
        <LoadingOverlay message="Fetching order details" />
      )}
    </div>
  );
}

function DeliveryChoice({ basket }: { basket: BasketView }) {
  const setOption = useSetDeliveryOption();
  // Shown as chosen while it saves; a failure leaves the basket's choice showing.
  // The radios stay enabled while saving: disabling them would drop the keyboard's focus.
  const [pending, setPending] = useState<string | null>(null);
  const options = basket.available_delivery_options;
  const excludeTax = excludesTax(basket);

  if (options.length === 0) return <NoOptions />;

  const saved = options.find((option) => option.id === basket.delivery_option?.id) ?? null;
  const choose = (id: string) => {
    if (id === (pending ?? saved?.id)) return;
    setPending(id);
    setOption.mutate(id, {
      onError: (error) => reportError('Could not set the delivery option', error),
      // A later choice still saving stays shown.
      onSettled: () => setPending((current) => (current === id ? null : current)),
    });
  };

  return (
    <>
      <RadioGroup
        legend="Choose a delivery option"
        name="delivery_option"
        value={pending ?? saved?.id ?? null}
        onChange={choose}
        options={options.map((option) => {
          const price = optionPriceLabel(option, excludeTax);
          return {
            value: option.id,
            // The price is read with the name ('Standard delivery, Free') and shown aside.
            label: (
              <>
                {option.name}
                <span className="visually-hidden">, {price}</span>
              </>
            ),
            aside: (
              <span className="delivery-page__price" aria-hidden="true">
                {price}
              </span>
            ),
            description: option.estimate ? (
              <>
                {option.description}{' '}
                <span className="delivery-page__estimate">Expected {option.estimate.label}</span>
              </>
            ) : (
              option.description
            ),
          };
        })}
      />
      <p className="delivery-page__saving" role="status">
        {setOption.isPending && (
          <>
            <span className="spinner" aria-hidden="true" /> Updating basket
          </>
        )}
      </p>
      {/* Shown as soon as an option is chosen, so a Tab from the options always finds
          it; it stays mounted while the option changes, keeping what the shopper typed. */}
      {(saved || pending) && <SafePlaceForm basket={basket} />}
    </>
  );
}

function NoOptions() {
  return (
    <section className="delivery-page__none" aria-labelledby="no-delivery-options">
      <h2 id="no-delivery-options">No options available</h2>
      <p>It looks like there are no delivery options for the address you&apos;ve entered.</p>
      <p>
        <Link to="/help-centre/topics/orders/delivery">Find out more about our delivery</Link>
      </p>
      <p>
        <Link to="/checkout/address" className="button button--secondary">
          Edit delivery address
        </Link>
      </p>
    </section>
  );
}
