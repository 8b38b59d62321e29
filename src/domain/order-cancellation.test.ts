import { describe, expect, it } from 'vitest';
import { NOT_PREORDER_REASON, orderCancellability } from './order-cancellation.ts';
import { normaliseOrderNumber, trackOrderSchema } from './schemas/order-tracking.ts';

const line = (quantity: number, preorder_quantity: number) => ({
  quantity,
  preorder: preorder_quantity > 0,
  preorder_quantity,
});

describe('which orders a shopper may cancel', () => {
  it('allows a paid order whose every line is wholly pre-ordered', () => {
    const items = [line(2, 2), line(1, 1)] as never[];
    expect(orderCancellability({ status: 'paid', items })).toEqual({ cancellable: true });
  });

  it('refuses lines served from stock, in full or in part, and says why', () => {
    for (const items of [[line(1, 0)], [line(3, 1)], [line(1, 1), line(1, 0)], []]) {
      expect(orderCancellability({ status: 'paid', items: items as never[] })).toEqual({
        cancellable: false,
        reason: NOT_PREORDER_REASON,
      });
    }
  });

  it('refuses orders that are not paid and waiting', () => {
    const items = [line(1, 1)] as never[];
    for (const status of ['pending', 'failed', 'cancelled', 'dispatched'] as const) {
      expect(orderCancellability({ status, items }).cancellable).toBe(false);
    }
  });
});

describe('order tracking input', () => {
  it('tidies an order number typed loosely', () => {
    expect(normaliseOrderNumber(' eb-7k3q9m2x ')).toBe('EB-7K3Q9M2X');
    expect(normaliseOrderNumber('7K3Q 9M2X')).toBe('EB-7K3Q9M2X');
    expect(normaliseOrderNumber('EB7K3Q9M2X')).toBe('EB-7K3Q9M2X');
    expect(
      trackOrderSchema.parse({ order_number: 'eb-7k3q9m2x', email_address: ' Ada@Example.com ' }),
    ).toEqual({ order_number: 'EB-7K3Q9M2X', email_address: 'ada@example.com' });
  });
});
