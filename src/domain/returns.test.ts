import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  checkReturn,
  lastDayToReturn,
  reasonCodeOf,
  returnableUnits,
  type ReturnLine,
} from './returns.ts';

const rules = { deliveryDays: 2, windowDays: 14 };
const line = (over: Partial<ReturnLine> = {}): ReturnLine => ({
  order_item_id: 1,
  name: 'Olive tree',
  quantity: 3,
  dispatched: 3,
  refunded: 0,
  returned: 0,
  open: 0,
  // Thursday 5 November 2026.
  parcels: [{ day: '2026-11-05', quantity: 3 }],
  ...over,
});

describe('the return window', () => {
  it('counts delivery in working days, then the window in calendar days', () => {
    // Thursday + 2 working days = Monday 9th; + 14 days = Monday 23rd.
    expect(addWorkingDays('2026-11-05', 2)).toBe('2026-11-09');
    expect(lastDayToReturn('2026-11-05', 2, 14)).toBe('2026-11-23');
    expect(addWorkingDays('2026-11-06', 0)).toBe('2026-11-06');
  });

  it('allows the last day and refuses the day after', () => {
    expect(returnableUnits(line(), '2026-11-23', rules)).toBe(3);
    expect(returnableUnits(line(), '2026-11-24', rules)).toBe(0);
  });

  it('counts only units sent, not refunded nor already being returned', () => {
    expect(
      returnableUnits(
        line({ dispatched: 1, parcels: [{ day: '2026-11-05', quantity: 1 }] }),
        '2026-11-10',
        rules,
      ),
    ).toBe(1);
    expect(returnableUnits(line({ refunded: 1 }), '2026-11-10', rules)).toBe(2);
    expect(returnableUnits(line({ returned: 2, open: 2 }), '2026-11-10', rules)).toBe(1);
    // A return refunded counts once: in `returned` and in `refunded`, not in `open`.
    expect(returnableUnits(line({ returned: 1, refunded: 1 }), '2026-11-10', rules)).toBe(2);
    expect(returnableUnits(line({ dispatched: 0, parcels: [] }), '2026-11-10', rules)).toBe(0);
  });

  it('keeps a later parcel’s units returnable after an earlier one’s window closed', () => {
    const split = line({
      parcels: [
        { day: '2026-10-01', quantity: 2 },
        { day: '2026-11-05', quantity: 1 },
      ],
    });
    expect(returnableUnits(split, '2026-11-10', rules)).toBe(1);
  });
});

describe('checkReturn', () => {
  it('sums repeated lines and refuses beyond what may be returned', () => {
    expect(
      checkReturn(
        [line()],
        [
          { order_item_id: 1, quantity: 1 },
          { order_item_id: 1, quantity: 1 },
        ],
        '2026-11-10',
        rules,
      ),
    ).toEqual({ ok: true, items: [{ order_item_id: 1, quantity: 2 }] });
    expect(checkReturn([line()], [{ order_item_id: 1, quantity: 4 }], '2026-11-10', rules)).toEqual(
      {
        ok: false,
        kind: 'not_allowed',
        lines: [1],
      },
    );
    expect(checkReturn([line()], [{ order_item_id: 2, quantity: 1 }], '2026-11-10', rules)).toEqual(
      {
        ok: false,
        kind: 'unknown_line',
        lines: [2],
      },
    );
  });
});

describe('reasonCodeOf', () => {
  it('makes the code from the wording, as the table allows it', () => {
    expect(reasonCodeOf('It arrived late', new Set())).toBe('it_arrived_late');
    expect(reasonCodeOf('  Too big / too small!  ', new Set())).toBe('too_big_too_small');
    expect(reasonCodeOf('Café’s colour 2', new Set())).toBe('cafe_s_colour');
    expect(reasonCodeOf('42', new Set())).toBe('reason');
    const long = reasonCodeOf('a'.repeat(100), new Set());
    expect(long.length).toBeLessThanOrEqual(40);
    for (const code of [long, reasonCodeOf('x y '.repeat(30), new Set())]) {
      expect(code).toMatch(/^[a-z_]{1,40}$/);
    }
  });

  it('adds letters after a code already taken, never digits', () => {
    expect(reasonCodeOf('Damaged', new Set(['damaged']))).toBe('damaged_b');
    expect(reasonCodeOf('Damaged', new Set(['damaged', 'damaged_b']))).toBe('damaged_c');
    const taken = new Set([
      'x',
      ...Array.from({ length: 26 }, (_, i) => `x_${String.fromCharCode(98 + i)}`),
    ]);
    expect(reasonCodeOf('X', taken)).toMatch(/^x_[a-z]{2}$/);
    expect(reasonCodeOf('z'.repeat(60), new Set(['z'.repeat(34)]))).toMatch(/^[a-z_]{1,40}$/);
  });
});
