import { describe, expect, it } from 'vitest';
import type { AdminDeliveryOption } from '../../../domain/api/admin-delivery.ts';
import {
  AMOUNT,
  draftOf,
  EMPTY_OPTION_DRAFT,
  HOUR,
  parseOptionDraft,
  WHOLE,
  type OptionDraft,
} from './option-draft.ts';

const typed = (change: Partial<OptionDraft>): OptionDraft => ({
  ...EMPTY_OPTION_DRAFT,
  name: ' Saturday delivery ',
  price: '12.95',
  minDays: '1',
  maxDays: '4',
  ...change,
});

describe('parseOptionDraft', () => {
  it('reads pounds as pence, trims text and reads empty free-over and cut-off as none', () => {
    expect(parseOptionDraft(typed({ description: '  By noon ', active: false }))).toEqual({
      values: {
        name: 'Saturday delivery',
        description: 'By noon',
        price: 1295,
        free_over: null,
        cutoff_hour: null,
        min_days: 1,
        max_days: 4,
        active: false,
      },
      errors: {},
    });
    const { values, errors } = parseOptionDraft(
      typed({ price: '£7', freeOver: ' 50.5 ', cutoff: '14' }),
    );
    expect(errors).toEqual({});
    expect(values).toMatchObject({ price: 700, free_over: 5050, cutoff_hour: 14 });
  });

  it('names each field it cannot read, with the message shown beside it', () => {
    const { errors } = parseOptionDraft(
      typed({ price: '7.955', freeOver: 'ten', cutoff: '2pm', minDays: '1.5', maxDays: '' }),
    );
    expect(errors).toEqual({
      price: AMOUNT,
      free_over: AMOUNT,
      cutoff_hour: HOUR,
      min_days: WHOLE,
      max_days: WHOLE,
    });
    expect(AMOUNT).toBe('Please give an amount in pounds, e.g. 7.95');
    expect(WHOLE).toBe('Please give a whole number');
    expect(HOUR).toBe('Please give an hour from 0 to 23, or leave it empty');
    // An empty price is an error (it is required); an empty free-over or cut-off is not.
    expect(parseOptionDraft(typed({ price: ' ' })).errors).toEqual({ price: AMOUNT });
  });

  it('leaves ranges to the server: a whole number out of range is sent as typed', () => {
    const { values, errors } = parseOptionDraft(typed({ cutoff: '25', minDays: '-1' }));
    expect(errors).toEqual({});
    expect(values).toMatchObject({ cutoff_hour: 25, min_days: -1 });
  });

  it('shows an existing option as it was stored, and reads it back unchanged', () => {
    const option = {
      id: 'ni-standard',
      zone_id: 'northern-ireland',
      name: 'Standard delivery',
      description: 'Two to three days',
      price: 795,
      free_over: 5000,
      min_days: 2,
      max_days: 3,
      cutoff_hour: 0,
      delivery_weekday: null,
      active: true,
      tax_rate_bp: 2000,
      retired_at: null,
      used: true,
    } satisfies AdminDeliveryOption;
    const draft = draftOf(option);
    expect(draft).toMatchObject({ price: '7.95', freeOver: '50.00', cutoff: '0', reason: '' });
    const { values } = parseOptionDraft(draft);
    expect(values).toEqual({
      name: option.name,
      description: option.description,
      price: option.price,
      free_over: option.free_over,
      cutoff_hour: option.cutoff_hour,
      min_days: option.min_days,
      max_days: option.max_days,
      active: option.active,
    });
  });
});
