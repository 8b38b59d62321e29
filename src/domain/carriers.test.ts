import { describe, expect, it } from 'vitest';
import { trackingUrl } from './carriers.ts';

describe('trackingUrl', () => {
  it('links to the carrier’s own tracking page', () => {
    expect(trackingUrl('royal_mail', 'AB123456789GB')).toBe(
      'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    );
    expect(trackingUrl('dpd', ' 1550 1234 ')).toBe('https://track.dpd.co.uk/parcels/1550%201234');
  });
  it('has no link for another carrier or without a number', () => {
    expect(trackingUrl('other', 'X1')).toBeNull();
    expect(trackingUrl('evri', '  ')).toBeNull();
  });
  it('keeps what was typed inside the link’s path or query', () => {
    expect(trackingUrl('parcelforce', 'a&b=<c>')).toBe(
      'https://www.parcelforce.com/track-trace?trackNumber=a%26b%3D%3Cc%3E',
    );
  });
});
