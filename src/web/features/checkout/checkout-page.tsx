import { Link } from 'react-router';
import { useBasket } from '../../api/basket.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { summaryLabel } from '../../shared/price.ts';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';

/**
 * The checkout's entry point. The three checkout steps are built in the checkout
 * issues; until then this page confirms what will be paid for.
 */
export function CheckoutPage() {
  usePageTitle('Secure checkout');
  // The only basket fetch that refetches on window focus (spec section 4): the
  // shopper may have changed the basket in another tab before paying.
  const { data: basket, isPending } = useBasket({ refetchOnWindowFocus: true });
  if (isPending) return <LoadingOverlay message="Fetching order details" />;
  return (
    <div className="container page">
      <h1>Secure checkout</h1>
      {basket && basket.item_count > 0 ? (
        <p>
          You are checking out {basket.item_count} {basket.item_count === 1 ? 'item' : 'items'} for{' '}
          {summaryLabel(basket.discounted_prices?.total ?? basket.prices.total)}. Payment is not yet
          open in this version of the shop.
        </p>
      ) : (
        <p>It looks like your order is empty.</p>
      )}
      <p>
        <Link to="/basket">Return to basket</Link>
      </p>
    </div>
  );
}
