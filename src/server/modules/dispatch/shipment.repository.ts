/**
 * The only code that writes shipments (ADR 050): an order's parcels, what each held,
 * and the tracking numbers they had before a correction. Every write here runs inside
 * the dispatch service's transaction, with the order row locked first (`lockOrder`),
 * so concurrent dispatches and refunds of one order take turns and each sees the lines
 * the one before it committed. Raising the lines' `dispatched` is one conditional
 * statement: the database's CHECK (dispatched ≤ quantity) would refuse the rest anyway.
 */
import { sql } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { OrderShipmentView } from '../../../domain/api/order.ts';
import { CARRIER_NAMES, trackingUrl, type Carrier } from '../../../domain/carriers.ts';
import type { OrderStatus } from '../../../domain/order-status.ts';
import type { Db } from '../../db/client.ts';

/** The order's columns dispatch needs, read under its row lock. */
export interface LockedOrder {
  id: number;
  public_id: string;
  order_number: string;
  status: OrderStatus;
  email_address: string;
  amount: number;
  credit_used: number;
  refunded_amount: number;
  cancel_claimed_at: Date | null;
}

export interface OrderLine {
  id: number;
  name: string;
  quantity: number;
  dispatched: number;
  refunded: number;
}

export interface ShipmentRow {
  id: number;
  carrier: Carrier;
  tracking_number: string;
}

export function shipmentRepository(db: Db) {
  return {
    /** The order, its row locked until the transaction ends (`db` must be one). */
    async lockOrder(orderNumber: string): Promise<LockedOrder | undefined> {
      return (await db
        .selectFrom('orders')
        .select([
          'id',
          'public_id',
          'order_number',
          'status',
          'email_address',
          'amount',
          'credit_used',
          'refunded_amount',
          'cancel_claimed_at',
        ])
        .where('order_number', '=', orderNumber)
        .forUpdate()
        .executeTakeFirst()) as LockedOrder | undefined;
    },

    async lines(orderId: number): Promise<OrderLine[]> {
      return db
        .selectFrom('order_items')
        .select(['id', 'name', 'quantity', 'dispatched', 'refunded'])
        .where('order_id', '=', orderId)
        .orderBy('position')
        .execute();
    },

    /**
     * Raises each line's `dispatched` by its quantity in one statement, only where that
     * stays within what was ordered and not refunded. Answers the lines it raised, with
     * their new counts: fewer than asked means some would have gone beyond.
     */
    async raiseDispatched(
      orderId: number,
      items: readonly { order_item_id: number; quantity: number }[],
    ): Promise<{ id: number; dispatched: number }[]> {
      const { rows } = await sql<{ id: number; dispatched: number }>`
        UPDATE order_items oi
        SET dispatched = oi.dispatched + w.quantity
        FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
          AS w (order_item_id int, quantity int)
        WHERE oi.id = w.order_item_id
          AND oi.order_id = ${orderId}
          AND w.quantity > 0
          AND oi.dispatched + w.quantity <= oi.quantity - oi.refunded
        RETURNING oi.id, oi.dispatched
      `.execute(db);
      return rows;
    },

    async insert(shipment: {
      orderId: number;
      carrier: Carrier;
      trackingNumber: string;
      staffId: number | null;
      items: readonly { order_item_id: number; quantity: number }[];
    }): Promise<number> {
      const { id } = await db
        .insertInto('shipments')
        .values({
          order_id: shipment.orderId,
          carrier: shipment.carrier,
          tracking_number: shipment.trackingNumber,
          staff_id: shipment.staffId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('shipment_items')
        .values(
          shipment.items.map((item) => ({
            shipment_id: id,
            order_item_id: item.order_item_id,
            quantity: item.quantity,
          })),
        )
        .execute();
      return id;
    },

    async setStatus(orderId: number, status: OrderStatus): Promise<void> {
      await db
        .updateTable('orders')
        .set({ status, updated_at: sql`now()` })
        .where('id', '=', orderId)
        .execute();
    },

    async find(orderId: number, shipmentId: number): Promise<ShipmentRow | undefined> {
      return db
        .selectFrom('shipments')
        .select(['id', 'carrier', 'tracking_number'])
        .where('id', '=', shipmentId)
        .where('order_id', '=', orderId)
        .executeTakeFirst();
    },

    /** Keeps the shipment's carrier and number in its history, then changes them. */
    async correct(
      before: ShipmentRow,
      after: { carrier: Carrier; trackingNumber: string },
      staffId: number | null,
    ): Promise<void> {
      await db
        .insertInto('shipment_tracking_history')
        .values({
          shipment_id: before.id,
          carrier: before.carrier,
          tracking_number: before.tracking_number,
          staff_id: staffId,
        })
        .execute();
      await db
        .updateTable('shipments')
        .set({
          carrier: after.carrier,
          tracking_number: after.trackingNumber,
          updated_at: sql`now()`,
        })
        .where('id', '=', before.id)
        .execute();
    },

    /** An order's parcels as its customer sees them, oldest first (one statement). */
    async ofOrder(orderId: number): Promise<OrderShipmentView[]> {
      const rows = await db
        .selectFrom('shipments as s')
        .select((eb) => [
          's.carrier',
          's.tracking_number',
          's.created_at',
          jsonArrayFrom(
            eb
              .selectFrom('shipment_items as si')
              .innerJoin('order_items as oi', 'oi.id', 'si.order_item_id')
              .select(['oi.name', 'si.quantity'])
              .whereRef('si.shipment_id', '=', 's.id')
              .orderBy('oi.position'),
          ).as('items'),
        ])
        .where('s.order_id', '=', orderId)
        .orderBy('s.id')
        .execute();
      return rows.map((row) => ({
        carrier_name: CARRIER_NAMES[row.carrier],
        tracking_number: row.tracking_number,
        tracking_url: trackingUrl(row.carrier, row.tracking_number),
        date: new Date(row.created_at).toISOString(),
        items: row.items.map((item) => ({ name: item.name, quantity: item.quantity })),
      }));
    },
  };
}

export type ShipmentRepository = ReturnType<typeof shipmentRepository>;
