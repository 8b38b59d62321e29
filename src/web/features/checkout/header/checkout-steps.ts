/**
 * The three checkout steps of the progress indicator and their rules (spec section
 * 2, Checkout header): which are complete and which may be visited yet.
 */
import type { BasketView } from '../../../../domain/api/basket.ts';

export const ENTRY_PATH = '/checkout';
export const ADDRESS_PATH = '/checkout/address';
export const DELIVERY_PATH = '/checkout/delivery';
export const PAYMENT_PATH = '/checkout/payment';

export interface CheckoutStepState {
  number: 1 | 2 | 3;
  label: 'Delivery address' | 'Delivery options' | 'Payment';
  path: string;
  complete: boolean;
  clickable: boolean;
}

/** The steps for a basket (undefined while it loads: nothing complete yet). */
export function checkoutSteps(basket: BasketView | undefined): CheckoutStepState[] {
  const hasAddress = Boolean(basket?.delivery_address?.line_1);
  const hasOption = Boolean(basket?.delivery_option);
  return [
    {
      number: 1,
      label: 'Delivery address',
      path: ADDRESS_PATH,
      complete: hasAddress,
      clickable: true,
    },
    {
      number: 2,
      label: 'Delivery options',
      path: DELIVERY_PATH,
      complete: hasOption,
      clickable: hasAddress,
    },
    {
      number: 3,
      label: 'Payment',
      path: PAYMENT_PATH,
      // Paying completes the order; the step is never shown as done before that.
      complete: false,
      clickable: hasAddress && hasOption,
    },
  ];
}

/** The path without a trailing slash, so '/checkout/' counts as '/checkout'. */
export const normalisePath = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
