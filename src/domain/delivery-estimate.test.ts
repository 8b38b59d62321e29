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
