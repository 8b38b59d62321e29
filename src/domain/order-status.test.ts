import { describe, expect, it } from 'vitest';
import { paidOrderStatus } from './order-status.ts';

const line = (quantity: number, dispatched = 0, refunded = 0) => ({
  quantity,
  dispatched,
  refunded,
});

describe('paidOrderStatus', () => {
  it('is paid until something is sent', () => {
    expect(paidOrderStatus([line(2), line(1)], 0, 3000)).toBe('paid');
  });
  it('is partially dispatched until every line is sent, then dispatched', () => {
    expect(paidOrderStatus([line(2, 1), line(1)], 0, 3000)).toBe('partially_dispatched');
    expect(paidOrderStatus([line(2, 2), line(1, 1)], 0, 3000)).toBe('dispatched');
  });
  it('counts a refunded line as needing no dispatch', () => {
    expect(paidOrderStatus([line(2, 2), line(1, 0, 1)], 1000, 3000)).toBe('partially_refunded');
  });
  it('is refunded once everything paid went back', () => {
    expect(paidOrderStatus([line(2, 2)], 3000, 3000)).toBe('refunded');
    expect(paidOrderStatus([line(2, 0, 2)], 0, 0)).toBe('refunded');
  });
  it('is partially refunded after a goodwill amount on a sent order', () => {
    expect(paidOrderStatus([line(1, 1)], 500, 3000)).toBe('partially_refunded');
  });
});
