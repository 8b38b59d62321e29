import { describe, expect, it } from 'vitest';
import { couldBeInPostcode } from './customers.repository.ts';

describe('couldBeInPostcode', () => {
  it('searches postcodes for text one could hold, not for emails or long words', () => {
    expect(couldBeInPostcode('%sw1a2aa%')).toBe(true);
    expect(couldBeInPostcode('%g27%')).toBe(true);
    expect(couldBeInPostcode('%d02\\-x285%')).toBe(true);
    expect(couldBeInPostcode('%customer3133%')).toBe(false);
    expect(couldBeInPostcode('%ada\\@example%')).toBe(false);
    expect(couldBeInPostcode('%ada\\.l%')).toBe(false);
  });
});
