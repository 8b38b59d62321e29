/** An AdminOrderView for the dispatch panel's and packing slip's tests (ADR 050). */
import type { AdminOrderView, ShipmentView } from '../../../../domain/api/admin-orders.ts';
import { pence } from '../../../../domain/money.ts';
import { makeOrder } from '../../../features/order/testing/fixtures.ts';

const money = (amount: number) => ({
  amount: pence(amount),
  label: `£${(amount / 100).toFixed(2)}`,
});

type Line = AdminOrderView['lines'][number];

export function adminLine(overrides: Partial<Line> = {}): Line {
  return {
    order_item_id: 11,
    product_id: 101,
    sku: 'OLV-90-GRY',
    name: 'Olive tree',
    quantity: 2,
    preorder_quantity: 0,
    is_promotion_item: false,
    unit_price: money(7_999),
    total_price: money(15_998),
    tax_rate_bp: 2000,
    dispatched: 0,
    refunded: 0,
    ...overrides,
  };
}

export function adminShipment(overrides: Partial<ShipmentView> = {}): ShipmentView {
  return {
    id: 7,
    carrier: 'royal_mail',
    carrier_name: 'Royal Mail',
    tracking_number: 'AB123456789GB',
    tracking_url: 'https://www.royalmail.com/track-your-item#/tracking-results/AB123456789GB',
    date: '2026-11-24T09:30:00.000Z',
    staff: { name: 'Dee Dispatcher', email: 'dee@example.com', role: 'dispatcher' },
    items: [{ order_item_id: 11, name: 'Olive tree', sku: 'OLV-90-GRY', quantity: 1 }],
    history: [],
    ...overrides,
  };
}

export function adminOrder(overrides: Partial<AdminOrderView> = {}): AdminOrderView {
  return {
    ...makeOrder(),
    lines: [
      adminLine(),
      adminLine({
        order_item_id: 12,
        product_id: 102,
        sku: 'FERN-BOS',
        name: 'Boston fern',
        quantity: 1,
        unit_price: money(3_499),
        total_price: money(3_499),
      }),
      adminLine({
        order_item_id: 13,
        product_id: 103,
        sku: 'GIFT-SUCC',
        name: 'Succulent',
        quantity: 1,
        is_promotion_item: true,
        unit_price: money(0),
        total_price: money(0),
      }),
    ],
    shipments: [],
    refunds: [],
    payment: {
      type: 'credit_card',
      label: 'Credit/Debit Card',
      card_type: 'Visa',
      last_four: '1111',
      transaction_id: 'txn_1',
      three_d_secure: null,
      charged: money(19_292),
      credit_used: money(0),
      refunded: money(0),
      refundable: money(19_292),
    },
    customer: null,
    timeline: [
      { date: '2026-11-23T13:05:00.000Z', kind: 'placed', summary: 'Order placed', staff: null },
    ],
    ...overrides,
  };
}
