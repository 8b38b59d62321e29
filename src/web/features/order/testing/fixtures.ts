/** OrderView objects for component tests, shaped like GET /api/v1/orders/{public_id}. */
import type { OrderView } from '../../../../domain/api/order.ts';
import { pence } from '../../../../domain/money.ts';
import { harrogate } from '../../checkout/testing/fixtures.ts';
import { fernLine, gbp, oliveTreeLine } from '../../basket/testing/fixtures.ts';

/**
 * Two olive trees (£159.98) and a fern (£34.99) by next-day delivery (£7.95), paid
 * with a Visa card, £10.00 off with SPRING10: £192.92 paid.
 */
export function makeOrder(overrides: Partial<OrderView> = {}): OrderView {
  return {
    public_id: 'ord_7k3q9m2x4b',
    order_number: 'EB-7K3Q9M2X',
    status: 'paid',
    date: '2026-11-23T13:05:00.000Z',
    email_address: 'ada@example.com',
    items: [oliveTreeLine(), fernLine()],
    promotionItems: [],
    prices: { items: gbp(19_497), delivery: gbp(795), total: gbp(20_292) },
    discounted_prices: { total: gbp(19_292) },
    discounts: [{ label: 'SPRING10', amount: pence(1_000), amount_label: '-£10.00' }],
    loyalty_points: { used: 0, discount: { amount: pence(0), label: '£0.00' }, earned: 192 },
    delivery_address: { ...harrogate() },
    billing_address: null,
    delivery_option: {
      id: 'uk-next-day',
      name: 'Next working day',
      description: 'Order by 2pm for delivery the next working day.',
      price: gbp(795),
    },
    delivery_safe_place: 'Leave in porch',
    delivery_estimate: {
      earliest: '2026-11-24',
      latest: '2026-11-24',
      label: 'Tuesday 24 November',
    },
    payment_method: {
      type: 'credit_card',
      label: 'Credit/Debit Card',
      description: 'Visa ending 1111',
    },
    prices_exclude_tax: false,
    tax_exempt: false,
    ...overrides,
  };
}
