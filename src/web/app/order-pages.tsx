/**
 * The thank-you page and the order-tracking page, loaded as one chunk: both show an
 * order with the same shared pieces (shared/order), and one lazy import instead of two
 * keeps the entry's list of route files (and so the home page's first download) short.
 */
export { ThankYouPage } from '../features/order/thank-you-page.tsx';
export { TrackOrderPage } from '../features/track-order/track-order-page.tsx';
