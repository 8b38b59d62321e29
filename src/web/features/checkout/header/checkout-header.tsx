/**
 * The checkout's own header (spec section 2): the logo back to the shop, the
 * three-step progress indicator (not on the entry page) and the 'Secure checkout'
 * badge.
 */
import { Link } from 'react-router';
import type { BasketView } from '../../../../domain/api/basket.ts';
import {
  checkoutSteps,
  ENTRY_PATH,
  normalisePath,
  type CheckoutStepState,
} from './checkout-steps.ts';
import { ShopLogo } from '../../../ui/shop-logo.tsx';

function StepMarker({ step }: { step: CheckoutStepState }) {
  return (
    <span className="checkout-progress__marker" aria-hidden="true">
      {step.complete ? '✓' : step.number}
    </span>
  );
}

function Step({ step, current }: { step: CheckoutStepState; current: boolean }) {
  const className = [
    'checkout-progress__step',
    step.complete ? 'checkout-progress__step--complete' : '',
    current ? 'checkout-progress__step--current' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const content = (
    <>
      <StepMarker step={step} />
      <span className="checkout-progress__label">
        {step.label}
        {step.complete && ' '}
        {step.complete && <span className="visually-hidden">(completed)</span>}
      </span>
    </>
  );
  return (
    <li className={className}>
      {step.clickable ? (
        <Link
          to={step.path}
          className="checkout-progress__link"
          aria-current={current ? 'step' : undefined}
        >
          {content}
        </Link>
      ) : (
        <span className="checkout-progress__link" aria-current={current ? 'step' : undefined}>
          {content}
        </span>
      )}
    </li>
  );
}

/** The progress indicator: an ordered list, the current step marked aria-current. */
export function CheckoutProgress({
  basket,
  pathname,
}: {
  basket: BasketView | undefined;
  pathname: string;
}) {
  const path = normalisePath(pathname);
  return (
    <nav aria-label="Checkout progress" className="checkout-progress">
      <ol className="checkout-progress__steps">
        {checkoutSteps(basket).map((step) => (
          <Step key={step.number} step={step} current={step.path === path} />
        ))}
      </ol>
    </nav>
  );
}

export function CheckoutHeader({
  basket,
  pathname,
}: {
  basket: BasketView | undefined;
  pathname: string;
}) {
  return (
    <header className="checkout-header">
      <div className="container checkout-header__inner">
        <ShopLogo />
        {normalisePath(pathname) !== ENTRY_PATH && (
          <CheckoutProgress basket={basket} pathname={pathname} />
        )}
        <p className="checkout-header__secure">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="18"
            height="18"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <rect x="5" y="11" width="14" height="10" rx="2" />
            <path d="M8 11V7a4 4 0 0 1 8 0v4" />
          </svg>
          Secure checkout
        </p>
      </div>
    </header>
  );
}
