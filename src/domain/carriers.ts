/**
 * The carriers the shop dispatches with, and where a customer tracks a parcel
 * (ADR 047). 'other' has no tracking page the shop knows.
 */

export const CARRIERS = ['royal_mail', 'dpd', 'evri', 'parcelforce', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_NAMES: Readonly<Record<Carrier, string>> = {
  royal_mail: 'Royal Mail',
  dpd: 'DPD',
  evri: 'Evri',
  parcelforce: 'Parcelforce',
  other: 'Other carrier',
};

const TRACKING_PAGES: Readonly<Record<Carrier, string | null>> = {
  royal_mail: 'https://www.royalmail.com/track-your-item#/tracking-results/{n}',
  dpd: 'https://track.dpd.co.uk/parcels/{n}',
  evri: 'https://www.evri.com/track/parcel/{n}',
  parcelforce: 'https://www.parcelforce.com/track-trace?trackNumber={n}',
  other: null,
};

/** The carrier's tracking page for a parcel, or null (no number, or no known page). */
export function trackingUrl(carrier: Carrier, trackingNumber: string): string | null {
  const page = TRACKING_PAGES[carrier];
  const number = trackingNumber.trim();
  if (!page || !number) return null;
  return page.replace('{n}', encodeURIComponent(number));
}
