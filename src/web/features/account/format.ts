/** How the account pages write buds, dates and cards. */
import type { StoredCardView } from '../../../domain/api/order.ts';

const number = new Intl.NumberFormat('en-GB');

/** '1,250 buds', '1 bud'. */
export const budsLabel = (buds: number) => `${number.format(buds)} ${buds === 1 ? 'bud' : 'buds'}`;

/** '+40', '−200' (a true minus sign), for the buds history. */
export const budsChange = (change: number) =>
  change > 0 ? `+${number.format(change)}` : `−${number.format(Math.abs(change))}`;

/** '2 March 2026', in the UK's time zone. */
export const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/London',
  }).format(new Date(iso));

/** 'Visa ending 1111'. */
export const cardName = (card: StoredCardView) =>
  `${card.details.cardType} ending ${card.details.lastFour}`;

/** 'Expires 12/2030'. */
export const cardExpiry = (card: StoredCardView) =>
  `Expires ${card.details.expirationMonth.padStart(2, '0')}/${card.details.expirationYear}`;
