/**
 * The checkout app (spec sections 2 and 4), mounted by the /checkout/* route into
 * its checkout container. It owns the checkout's frame: its own header, scrolling
 * to the top on every route change, the basket load (refetched on window focus;
 * a failure or an empty basket returns to /basket), the checkout-step analytics and
 * the layout placing the order summary beside each step.
 */
import { lazy, Suspense, useDeferredValue, useEffect, useRef, type ComponentType } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import type { BasketView } from '../../../domain/api/basket.ts';
import { useBasket } from '../../api/basket.ts';
import type { AnalyticsLine, CheckoutStep } from '../../lib/analytics.ts';
import { ErrorBoundary } from '../../ui/error-fallback.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { Notice } from '../../ui/notice.tsx';
import { useRouteChangeFocus } from '../../ui/use-route-change-focus.ts';
import { CheckoutHeader } from './header/checkout-header.tsx';
import {
  ADDRESS_PATH,
  DELIVERY_PATH,
  ENTRY_PATH,
  normalisePath,
  PAYMENT_PATH,
} from './header/checkout-steps.ts';
import { OrderSummary, preloadSummarySections } from './summary/order-summary.tsx';
import './checkout.css';

/** How long the empty-basket notice shows before returning to the basket. */
export const EMPTY_BASKET_REDIRECT_MS = 2500;

// Each step is its own chunk: the address step must not load the login form.
const step = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(async () => ({ default: (await load())[name] }));
const EntryPage = step(() => import('./entry/entry-page.tsx'), 'EntryPage');
const AddressPage = step(() => import('./address/address-page.tsx'), 'AddressPage');
const DeliveryPage = step(() => import('./delivery/delivery-page.tsx'), 'DeliveryPage');
const PaymentPage = step(() => import('./payment/payment-page.tsx'), 'PaymentPage');

/** The analytics step of each checkout path (spec section 4). */
const ANALYTICS_STEPS: Record<string, CheckoutStep> = {
  [ENTRY_PATH]: 2,
  [ADDRESS_PATH]: 3,
  [DELIVERY_PATH]: 4,
  [PAYMENT_PATH]: 5,
};

function analyticsLines(basket: BasketView): AnalyticsLine[] {
  return basket.items.map((item) => ({
    id: item.product.id,
    name: item.name,
    price: (item.discounted_price ?? item.price).amount,
    category: item.product.primary_category.name,
    variant: item.product.variation_name,
    quantity: item.quantity,
  }));
}

/** Reports each step once per visit, with the basket as it was on arrival. */
function useCheckoutStepAnalytics(path: string, basket: BasketView | undefined) {
  const reported = useRef<string | null>(null);
  useEffect(() => {
    const analyticsStep = ANALYTICS_STEPS[path];
    if (!basket || basket.items.length === 0 || !analyticsStep || reported.current === path) {
      return;
    }
    reported.current = path;
    const lines = analyticsLines(basket);
    // The analytics code loads when the first step is reported, not before the step is
    // drawn (ADR 079). Analytics must never stop a shopper paying: a failure is logged.
    import('../../lib/analytics.ts')
      .then(({ trackCheckoutStep }) => trackCheckoutStep(analyticsStep, lines))
      .catch((error: unknown) => console.warn('Could not record the checkout step', error));
  }, [path, basket]);
}

function EmptyBasket() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(
      () => void navigate('/basket', { replace: true }),
      EMPTY_BASKET_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [navigate]);
  return <Notice tone="info">It looks like your order is empty, returning to basket</Notice>;
}

function Steps({ path }: { path: string }) {
  return (
    <div className="checkout-layout">
      <div className="checkout-layout__step">
        <Suspense fallback={<LoadingOverlay message="Loading…" />}>
          <Routes>
            <Route index element={<EntryPage />} />
            <Route path="address" element={<AddressPage />} />
            <Route path="delivery" element={<DeliveryPage />} />
            <Route path="payment" element={<PaymentPage />} />
            <Route path="*" element={<Navigate to={ENTRY_PATH} replace />} />
          </Routes>
        </Suspense>
      </div>
      <div className="checkout-layout__summary">
        {/* Discount codes may change on every step but payment (spec section 6). */}
        <OrderSummary allowModifications={path !== PAYMENT_PATH} />
      </div>
    </div>
  );
}

export function CheckoutApp() {
  const path = normalisePath(useLocation().pathname);
  // The summary's sections load beside the step (and the basket), not after them.
  useEffect(() => preloadSummarySections(), []);
  const main = useRouteChangeFocus(path);
  // The only basket fetch that refetches on window focus (spec section 4): the
  // shopper may have changed the basket in another tab before paying.
  const { data, isError } = useBasket({ refetchOnWindowFocus: true });
  // The basket's arrival renders the whole step: deferred, React renders it in
  // slices instead of one long task (ADR 033); the overlay stays until it is done.
  const basket = useDeferredValue(data);
  useCheckoutStepAnalytics(path, basket);

  let content;
  if (!basket) {
    content = isError ? (
      <Navigate to="/basket" replace />
    ) : (
      <LoadingOverlay message="Fetching order details" />
    );
  } else if (basket.items.length === 0) {
    content = <EmptyBasket />;
  } else {
    content = <Steps path={path} />;
  }

  return (
    <div className="checkout">
      <a href="#checkout-main" className="skip-link">
        Skip to main content
      </a>
      <CheckoutHeader basket={basket} pathname={path} />
      <main id="checkout-main" ref={main} tabIndex={-1} className="container checkout__main">
        <ErrorBoundary resetKey={path}>{content}</ErrorBoundary>
      </main>
    </div>
  );
}
