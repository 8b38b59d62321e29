import { describe, expect, it } from 'vitest';
import { deliveryEstimate, type DeliveryTiming } from './delivery-estimate.ts';

const standard: DeliveryTiming = {
  minDays: 3,
  maxDays: 5,
  cutoffHour: null,
  deliveryWeekday: null,
};
const nextDay: DeliveryTiming = { minDays: 1, maxDays: 1, cutoffHour: 14, deliveryWeekday: null };
const saturday: DeliveryTiming = { minDays: 1, maxDays: 1, cutoffHour: 14, deliveryWeekday: 6 };

// 23 November 2026 is a Monday; UK time is UTC in November (GMT).
const at = (iso: string) => new Date(iso);

describe('deliveryEstimate', () => {
  it('counts working days from a weekday order, skipping the weekend', () => {
    expect(deliveryEstimate(at('2026-11-23T10:00:00Z'), standard)).toEqual({
      earliest: '2026-11-26',
      latest: '2026-11-30',
      label: 'Thursday 26 November – Monday 30 November',
    });
  });

  it('dispatches a weekend order on Monday', () => {
    const estimate = deliveryEstimate(at('2026-11-28T10:00:00Z'), standard);
    expect(estimate).toMatchObject({ earliest: '2026-12-03', latest: '2026-12-07' });
  });

  it('delivers next day before the 2pm cut-off, a day later after it', () => {
    expect(deliveryEstimate(at('2026-11-23T13:59:00Z'), nextDay)).toEqual({
      earliest: '2026-11-24',
      latest: '2026-11-24',
      label: 'Tuesday 24 November',
    });
    expect(deliveryEstimate(at('2026-11-23T14:00:00Z'), nextDay).earliest).toBe('2026-11-25');
    // Friday after 2pm: dispatched Monday, delivered Tuesday.
    expect(deliveryEstimate(at('2026-11-27T15:00:00Z'), nextDay).earliest).toBe('2026-12-01');
  });

  it('reads the cut-off in UK time (summer time)', () => {
    // 13:30 UTC on 1 July is 14:30 in London: past the cut-off.
    expect(deliveryEstimate(at('2026-07-01T13:30:00Z'), nextDay).earliest).toBe('2026-07-03');
    expect(deliveryEstimate(at('2026-07-01T12:30:00Z'), nextDay).earliest).toBe('2026-07-02');
  });

  it('takes the UK calendar day near midnight', () => {
    // 23:30 UTC on Friday 3 July is 00:30 on Saturday in London.
    expect(deliveryEstimate(at('2026-07-03T23:30:00Z'), standard).earliest).toBe('2026-07-09');
  });

  it('delivers Saturday when ordered by 2pm on Friday, else the Saturday after', () => {
    expect(deliveryEstimate(at('2026-11-25T09:00:00Z'), saturday).earliest).toBe('2026-11-28');
    expect(deliveryEstimate(at('2026-11-27T13:00:00Z'), saturday).label).toBe(
      'Saturday 28 November',
    );
    expect(deliveryEstimate(at('2026-11-27T14:30:00Z'), saturday).earliest).toBe('2026-12-05');
    expect(deliveryEstimate(at('2026-11-28T09:00:00Z'), saturday).earliest).toBe('2026-12-05');
  });
});

describe('deliveryEstimate with closing days (ADR 065)', () => {
  const calendar = (holidays: string[], closed: string[] = []) => ({
    holidays: new Set(holidays),
    closed: new Set(closed),
  });
  // 2026: Friday 25 and Monday 28 December are England and Wales bank holidays.
  const christmas = calendar(['2026-12-25', '2026-12-28', '2027-01-01']);

  it('neither dispatches nor delivers on a bank holiday', () => {
    // Thursday 24 December before 2pm: dispatched that day, not delivered until Tuesday 29.
    expect(deliveryEstimate(at('2026-12-24T10:00:00Z'), nextDay, christmas).earliest).toBe(
      '2026-12-29',
    );
    // Without the calendar it would be Friday 25.
    expect(deliveryEstimate(at('2026-12-24T10:00:00Z'), nextDay).earliest).toBe('2026-12-25');
  });

  it('dispatches nothing while the shop is closed, and carriers still count their days', () => {
    const closed = calendar(
      ['2026-12-25', '2026-12-28', '2027-01-01'],
      ['2026-12-24', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02'],
    );
    // Ordered Wednesday 23 December after the cut-off: the next open working day is
    // Monday 4 January, so delivered Tuesday 5 January.
    expect(deliveryEstimate(at('2026-12-23T15:00:00Z'), nextDay, closed)).toEqual({
      earliest: '2027-01-05',
      latest: '2027-01-05',
      label: 'Tuesday 5 January',
    });
    // Standard, before the closure: dispatched Wednesday 23, three to five working days
    // skipping the bank holidays but not the shop's own closed days.
    expect(deliveryEstimate(at('2026-12-23T09:00:00Z'), standard, closed)).toMatchObject({
      earliest: '2026-12-30',
      latest: '2027-01-04',
    });
  });

  it('Saturday delivery needs the Friday before to be a dispatch day', () => {
    // Friday 25 December 2026 is Christmas Day: the next Saturday delivery is 2 January
    // only if Friday 1 January were open; it is a bank holiday, so 9 January.
    expect(deliveryEstimate(at('2026-12-21T10:00:00Z'), saturday, christmas).earliest).toBe(
      '2027-01-09',
    );
    expect(deliveryEstimate(at('2026-12-21T10:00:00Z'), saturday).earliest).toBe('2026-12-26');
  });
});
