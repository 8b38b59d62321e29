import { describe, expect, it } from 'vitest';
import { composeSafePlace, safePlaceSchema } from './safe-place.ts';

describe('safe place', () => {
  it('composes the text the server receives', () => {
    expect(composeSafePlace('With a neighbour', 'No. 12')).toBe('Leave at No. 12');
    expect(composeSafePlace('With a neighbour', null)).toBe('If out leave with neighbour');
    expect(composeSafePlace('Other', 'Behind the bins')).toBe('Behind the bins');
    expect(composeSafePlace('Other', '')).toBe('Safe place not set');
    expect(composeSafePlace('Back garden', null)).toBe('Leave in back garden');
    expect(composeSafePlace(null, null)).toBe('Safe place not set');
  });

  it('limits notes to 16 characters for a neighbour and 25 for other', () => {
    const neighbour = { delivery_safe_place_option: 'With a neighbour' };
    expect(
      safePlaceSchema.safeParse({ ...neighbour, delivery_safe_place_option_note: 'x'.repeat(16) })
        .success,
    ).toBe(true);
    expect(
      safePlaceSchema.safeParse({ ...neighbour, delivery_safe_place_option_note: 'x'.repeat(17) })
        .success,
    ).toBe(false);
    const other = { delivery_safe_place_option: 'Other' };
    expect(
      safePlaceSchema.safeParse({ ...other, delivery_safe_place_option_note: 'x'.repeat(25) })
        .success,
    ).toBe(true);
    expect(
      safePlaceSchema.safeParse({ ...other, delivery_safe_place_option_note: 'x'.repeat(26) })
        .success,
    ).toBe(false);
  });

  it('drops a note for options without one and needs nothing', () => {
    expect(
      safePlaceSchema.parse({
        delivery_safe_place_option: 'Porch',
        delivery_safe_place_option_note: 'x',
      }),
    ).toEqual({
      delivery_safe_place_option: 'Porch',
      delivery_safe_place_option_note: null,
    });
    expect(safePlaceSchema.parse({})).toEqual({
      delivery_safe_place_option: null,
      delivery_safe_place_option_note: null,
    });
  });
});
