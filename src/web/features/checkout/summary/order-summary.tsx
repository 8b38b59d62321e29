/**
 * The checkout's order summary panel (spec section 2), beside every step. On
 * screens narrower than 980px it is a tab the shopper opens: it shows the item
 * count and total, locks page scrolling while open and closes when the route
 * changes. A render failure inside it shows its own fallback, never a blank step.
 *
 * Its sections (the lines, addresses, prices, discount form and what goes with them) are
 * their own chunk, which the checkout starts loading as it mounts, beside the step's
 * rather than before it: the step, which the shopper fills in, does not wait for them,
 * and the panel shows "Fetching order details" until they are there, as it does until
 * the basket is (ADR 079; the list pages' filters do the same, ADR 058).
 */
import { lazy, Suspense, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { BasketView } from '../../../../domain/api/basket.ts';
import { useBasket } from '../../../api/basket.ts';
import { summaryLabel } from '../../../shared/price.ts';
import { ErrorBoundary } from '../../../ui/error-fallback.tsx';
import { Button } from '../../../ui/button.tsx';
import { LoadingOverlay } from '../../../ui/loading-overlay.tsx';
import { useScrollLock } from '../../../ui/scroll-lock.ts';
import { useMediaQuery } from '../../../ui/use-media-query.ts';
import { payableTotal } from './payable-total.ts';
import './summary.css';

const loadSections = () => import('./summary-sections.tsx');
const SummarySections = lazy(async () => ({ default: (await loadSections()).SummarySections }));

/** Starts loading the summary's sections (the checkout calls it as it mounts). */
export function preloadSummarySections(): void {
  // A failure shows when the sections render: the summary's own fallback.
  loadSections().catch(() => undefined);
}

/** Below this width the summary is a collapsible tab (spec section 9). */
export const SUMMARY_MOBILE_QUERY = '(max-width: 979.98px)';

export interface OrderSummaryProps {
  /** False on the payment step: no discount code entry there (spec section 6). */
  allowModifications: boolean;
}

export function OrderSummary({ allowModifications }: OrderSummaryProps) {
  const { data: basket, isPending } = useBasket({ refetchOnWindowFocus: true });
  const { pathname } = useLocation();
  return (
    <aside className="order-summary" aria-label="Order summary">
      {/* A new route starts the summary afresh, as a new basket does. */}
      <ErrorBoundary resetKey={pathname} fallback={(retry) => <SummaryFallback onRetry={retry} />}>
        {basket ? (
          <SummaryPanel basket={basket} allowModifications={allowModifications} />
        ) : (
          isPending && <LoadingOverlay message="Fetching order details" />
        )}
      </ErrorBoundary>
    </aside>
  );
}

/** The summary's own fallback: the step stays usable and the basket is a link away. */
function SummaryFallback({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="order-summary__fallback" role="alert">
      <h2 className="order-summary__heading">Order summary</h2>
      <p>Sorry, we could not show your order summary.</p>
      <p>
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>{' '}
        <Link to="/basket">View your basket</Link>
      </p>
    </div>
  );
}

function SummaryPanel({
  basket,
  allowModifications,
}: {
  basket: BasketView;
  allowModifications: boolean;
}) {
  const mobile = useMediaQuery(SUMMARY_MOBILE_QUERY);
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  // Moving to another step closes the tab (adjusted while rendering, not in an effect).
  const [shownOn, setShownOn] = useState(pathname);
  if (shownOn !== pathname) {
    setShownOn(pathname);
    setOpen(false);
  }
  const panelId = useId();
  useScrollLock(mobile && open);

  const sections = (
    <Suspense fallback={<LoadingOverlay message="Fetching order details" />}>
      <SummarySections basket={basket} allowModifications={allowModifications} />
    </Suspense>
  );
  if (!mobile) {
    return (
      <div className="order-summary__panel">
        <h2 className="order-summary__heading">Order summary</h2>
        {sections}
      </div>
    );
  }

  const count = `${basket.item_count} ${basket.item_count === 1 ? 'item' : 'items'}`;
  return (
    <div className={['order-summary__tab', open ? 'order-summary__tab--open' : ''].join(' ')}>
      <h2 className="order-summary__heading order-summary__heading--tab">
        <button
          type="button"
          className="order-summary__toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <span className="order-summary__toggle-label">
            {open ? 'Hide' : 'Show'} order summary
          </span>
          <span className="order-summary__count">{count}</span>
          <span className="order-summary__total">{summaryLabel(payableTotal(basket))}</span>
        </button>
      </h2>
      {/* Closed, the panel stays in the page (its height animates) but out of reach. */}
      <div id={panelId} className="order-summary__panel order-summary__panel--mobile" inert={!open}>
        <div className="order-summary__panel-inner">{sections}</div>
      </div>
    </div>
  );
}
