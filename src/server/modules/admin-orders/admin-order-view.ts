/**
 * The back office's view of one order (ADR 047): the customer's Order shape, its lines
 * with what was sent and refunded, shipments, refunds, the payment in detail, and a
 * timeline of what happened with who and when. Read in a few statements; pass a
 * transaction as `on` to read what a write just made.
 */
import { sql } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type {
  AdminOrderView,
  StaffRefView,
  TimelineEntryView,
} from '../../../domain/api/admin-orders.ts';
import { CARRIER_NAMES, trackingUrl, type Carrier } from '../../../domain/carriers.ts';
import { pence } from '../../../domain/money.ts';
import { amountView } from '../../../domain/price-view.ts';
import type { StaffRole } from '../../../domain/staff.ts';
import type { Db } from '../../db/client.ts';
import type { OrderRecord } from '../order/order.repository.ts';
import { orderView } from '../order/order-view.ts';

type StaffRow = { name: string; email: string; role: StaffRole } | null;

const iso = (date: Date | string) => new Date(date).toISOString();
const staffRef = (row: StaffRow): StaffRefView =>
  row ? { name: row.name, email: row.email, role: row.role } : null;
const money = (amount: number) => amountView(pence(amount));

/** The order's own columns the view reads besides the Order shape's. */
export interface ThreeDSecureOutcome {
  status: string;
  liability_shifted: boolean;
}

export function adminOrderViews(db: Db) {
  const staffOf = (on: Db, column: 'e.staff_id' | 's.staff_id' | 'r.staff_id' | 'h.staff_id') =>
    jsonObjectFrom(
      on
        .selectFrom('staff as st')
        .select(['st.name', 'st.email', 'st.role'])
        .whereRef('st.id', '=', sql.ref(column)),
    );

  return {
    async byNumber(orderNumber: string, on: Db = db): Promise<AdminOrderView | undefined> {
      const order = (await on
        .selectFrom('orders')
        .selectAll()
        .where('order_number', '=', orderNumber)
        .executeTakeFirst()) as
        (OrderRecord & { three_d_secure?: ThreeDSecureOutcome | null }) | undefined;
      if (!order) return undefined;

      const [lines, shipments, refunds, events, customer] = await Promise.all([
        on
          .selectFrom('order_items')
          .selectAll()
          .where('order_id', '=', order.id)
          .orderBy('position')
          .execute(),
        on
          .selectFrom('shipments as s')
          .select((eb) => [
            's.id',
            's.carrier',
            's.tracking_number',
            's.created_at',
            staffOf(on, 's.staff_id').as('staff'),
            jsonArrayFrom(
              eb
                .selectFrom('shipment_items as si')
                .innerJoin('order_items as oi', 'oi.id', 'si.order_item_id')
                .select(['si.order_item_id', 'si.quantity', 'oi.name', 'oi.sku'])
                .whereRef('si.shipment_id', '=', 's.id')
                .orderBy('oi.position'),
            ).as('items'),
            jsonArrayFrom(
              eb
                .selectFrom('shipment_tracking_history as h')
                .select([
                  'h.carrier',
                  'h.tracking_number',
                  'h.changed_at',
                  staffOf(on, 'h.staff_id').as('staff'),
                ])
                .whereRef('h.shipment_id', '=', 's.id')
                .orderBy('h.id'),
            ).as('history'),
          ])
          .where('s.order_id', '=', order.id)
          .orderBy('s.id')
          .execute(),
        on
          .selectFrom('refunds as r')
          .select((eb) => [
            'r.id',
            'r.state',
            'r.credit_note_number',
            'r.amount',
            'r.items_amount',
            'r.delivery_amount',
            'r.goodwill_amount',
            'r.tax_amount',
            'r.destination',
            'r.gateway_kind',
            'r.reason',
            'r.restock',
            'r.created_at',
            staffOf(on, 'r.staff_id').as('staff'),
            jsonArrayFrom(
              eb
                .selectFrom('refund_items as ri')
                .select(['ri.order_item_id', 'ri.quantity', 'ri.amount'])
                .whereRef('ri.refund_id', '=', 'r.id')
                .orderBy('ri.order_item_id'),
            ).as('items'),
          ])
          .where('r.order_id', '=', order.id)
          .orderBy('r.id')
          .execute(),
        on
          .selectFrom('order_events as e')
          .select(['e.id', 'e.at', 'e.kind', 'e.summary', staffOf(on, 'e.staff_id').as('staff')])
          .where('e.order_id', '=', order.id)
          .orderBy('e.id')
          .execute(),
        order.user_id === null
          ? Promise.resolve(undefined)
          : on
              .selectFrom('users')
              .select(['id', 'email_address', 'first_name', 'last_name'])
              .where('id', '=', order.user_id)
              .executeTakeFirst(),
      ]);

      const paidInAll = order.amount + order.credit_used;
      const view = orderView(order);
      return {
        ...view,
        lines: lines.map((line) => ({
          order_item_id: line.id,
          product_id: line.product_id,
          sku: line.sku,
          name: line.name,
          quantity: line.quantity,
          preorder_quantity: line.preorder_quantity,
          is_promotion_item: line.is_promotion_item,
          unit_price: money(line.unit_price),
          total_price: money(line.total_price),
          tax_rate_bp: line.tax_rate_bp,
          dispatched: line.dispatched,
          refunded: line.refunded,
        })),
        shipments: shipments.map((s) => ({
          id: s.id,
          carrier: s.carrier,
          carrier_name: CARRIER_NAMES[s.carrier],
          tracking_number: s.tracking_number,
          tracking_url: trackingUrl(s.carrier, s.tracking_number),
          date: iso(s.created_at),
          staff: staffRef(s.staff as StaffRow),
          items: s.items.map((i) => ({
            order_item_id: i.order_item_id,
            name: i.name,
            sku: i.sku,
            quantity: i.quantity,
          })),
          history: s.history.map((h) => ({
            carrier: CARRIER_NAMES[h.carrier as Carrier] ?? h.carrier,
            tracking_number: h.tracking_number,
            date: iso(h.changed_at),
            staff: staffRef(h.staff as StaffRow),
          })),
        })),
        refunds: refunds.map((r) => ({
          id: r.id,
          state: r.state as 'pending' | 'completed',
          // A refund to the payment has its number once the gateway has answered (ADR 051).
          credit_note_number: r.credit_note_number ?? 'Pending',
          amount: money(r.amount),
          items_amount: pence(r.items_amount),
          delivery_amount: pence(r.delivery_amount),
          goodwill_amount: pence(r.goodwill_amount),
          tax_amount: pence(r.tax_amount),
          to: r.destination,
          gateway_kind: r.gateway_kind,
          reason: r.reason,
          restock: r.restock,
          date: iso(r.created_at),
          staff: staffRef(r.staff as StaffRow),
          items: r.items.map((i) => ({
            order_item_id: i.order_item_id,
            quantity: i.quantity,
            amount: pence(i.amount),
          })),
        })),
        payment: {
          type: view.payment_method.type,
          label: view.payment_method.label,
          card_type: order.payment_card_type,
          last_four: order.payment_last_four,
          transaction_id: order.transaction_id,
          three_d_secure: order.three_d_secure ?? null,
          charged: money(order.amount),
          credit_used: money(order.credit_used),
          refunded: money(order.refunded_amount),
          refundable: money(Math.max(0, paidInAll - order.refunded_amount)),
        },
        customer: customer
          ? {
              id: customer.id,
              email: customer.email_address,
              name: `${customer.first_name} ${customer.last_name}`.trim(),
            }
          : null,
        timeline: timelineOf(
          order,
          events.map((e) => ({
            date: iso(e.at),
            kind: e.kind,
            summary: e.summary,
            staff: staffRef(e.staff as StaffRow),
          })),
        ),
      };
    },
  };
}

export type AdminOrderViews = ReturnType<typeof adminOrderViews>;

/**
 * What happened to the order, oldest first: its own milestones (placed, paid, failed,
 * cancelled) and the events written as things happened (emails, dispatches, refunds,
 * notes).
 */
function timelineOf(order: OrderRecord, events: TimelineEntryView[]): TimelineEntryView[] {
  const own: TimelineEntryView[] = [
    { date: iso(order.created_at), kind: 'placed', summary: 'Order placed', staff: null },
  ];
  if (order.paid_at) {
    const how =
      order.amount > 0 ? `Paid ${money(order.amount).label}` : 'Placed with nothing to pay';
    own.push({ date: iso(order.paid_at), kind: 'paid', summary: how, staff: null });
  }
  if (order.status === 'failed') {
    const why = order.failure_message ? `: ${order.failure_message}` : '';
    own.push({
      date: iso(order.updated_at),
      kind: 'failed',
      summary: `Payment failed${why}`,
      staff: null,
    });
  }
  // A staff cancellation writes its own event (who and why): no second, anonymous entry.
  if (order.cancelled_at && !events.some((e) => e.kind === 'cancelled')) {
    own.push({
      date: iso(order.cancelled_at),
      kind: 'cancelled',
      summary: 'Order cancelled',
      staff: null,
    });
  }
  // Stable: milestones before events at the same instant, events in the order written.
  return [...own, ...events]
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.date.localeCompare(b.entry.date) || a.index - b.index)
    .map(({ entry }) => entry);
}
