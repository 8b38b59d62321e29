/**
 * The only code that writes returns (ADR 070): the rules (`return_settings`, the
 * reasons), a return and its lines, and each line's `returned` count. Writes run inside
 * the returns service's transactions, with the order row locked first, so returns,
 * dispatch and refunds of one order take turns.
 */
import { sql } from 'kysely';
import { ukDayOf } from '../../../domain/uk-days.ts';
import type { ReturnLine, ReturnStatus } from '../../../domain/returns.ts';
import type { Db } from '../../db/client.ts';

/** An order's delivery time when its option has gone from the table (ADR 070). */
export const DEFAULT_DELIVERY_DAYS = 5;

export interface ReturnRules {
  windowDays: number;
  sendBackDays: number;
  refundDays: number;
  address: string[];
}

export interface ReturnOrder {
  id: number;
  public_id: string;
  order_number: string;
  user_id: number | null;
  basket_id: string | null;
  email_address: string;
  /** The chosen delivery option's longest time, in working days. */
  delivery_days: number;
}

export interface ReturnRow {
  id: number;
  return_number: string;
  order_id: number;
  order_number: string;
  email_address: string;
  status: ReturnStatus;
  reason_label: string;
  refusal_reason: string | null;
  refund_id: number | null;
  created_at: Date;
  received_at: Date | null;
  closed_at: Date | null;
  items: { order_item_id: number; name: string; quantity: number }[];
  refund: {
    state: 'pending' | 'completed';
    credit_note_number: string | null;
    amount: number;
  } | null;
}

const asDate = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

export function returnsRepository(db: Db) {
  /** Returns with their order's number, lines and refund. */
  const selectReturns = (trx: Db) =>
    trx
      .selectFrom('returns as r')
      .innerJoin('orders as o', 'o.id', 'r.order_id')
      .leftJoin('refunds as f', 'f.id', 'r.refund_id')
      .select([
        'r.id',
        'r.return_number',
        'r.order_id',
        'o.order_number',
        'o.email_address',
        'r.status',
        'r.reason_label',
        'r.refusal_reason',
        'r.refund_id',
        'r.created_at',
        'r.received_at',
        'r.closed_at',
        sql<ReturnRow['items']>`coalesce((
          SELECT json_agg(json_build_object('order_item_id', ri.order_item_id, 'name', oi.name,
                                            'quantity', ri.quantity) ORDER BY oi.position)
          FROM return_items ri JOIN order_items oi ON oi.id = ri.order_item_id
          WHERE ri.return_id = r.id), '[]'::json)`.as('items'),
        sql<ReturnRow['refund']>`CASE WHEN f.id IS NULL THEN NULL ELSE json_build_object(
          'state', f.state, 'credit_note_number', f.credit_note_number, 'amount', f.amount) END`.as(
          'refund',
        ),
      ]);

  const normalise = (row: ReturnRow): ReturnRow => ({
    ...row,
    created_at: asDate(row.created_at)!,
    received_at: asDate(row.received_at),
    closed_at: asDate(row.closed_at),
  });

  return {
    async rules(trx: Db = db): Promise<ReturnRules> {
      const row = await trx
        .selectFrom('return_settings')
        .select(['window_days', 'send_back_days', 'refund_days', 'address'])
        .executeTakeFirstOrThrow();
      return {
        windowDays: row.window_days,
        sendBackDays: row.send_back_days,
        refundDays: row.refund_days,
        address: row.address
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean),
      };
    },

    /** The reasons a customer may choose, in order. */
    async reasons(trx: Db = db): Promise<{ code: string; label: string }[]> {
      return trx
        .selectFrom('return_reasons')
        .select(['code', 'label'])
        .where('active', '=', true)
        .orderBy('position')
        .orderBy('code')
        .execute();
    },

    /** The order by its public id; `lock`: its row locked until the transaction ends. */
    async order(
      publicId: string,
      options: { lock: boolean },
      trx: Db = db,
    ): Promise<ReturnOrder | undefined> {
      const { rows } = await sql<ReturnOrder>`
        SELECT o.id, o.public_id, o.order_number, o.user_id, o.basket_id, o.email_address,
               coalesce(d.max_days, ${DEFAULT_DELIVERY_DAYS})::int AS delivery_days
        FROM orders o
        LEFT JOIN delivery_options d ON d.id = o.snapshot #>> '{delivery_option,id}'
        WHERE o.public_id = ${publicId} AND o.status <> 'failed'
        ${options.lock ? sql`FOR UPDATE OF o` : sql``}
      `.execute(trx);
      return rows[0];
    },

    /** The order's lines with their parcels and what is being returned of each. */
    async lines(orderId: number, trx: Db = db): Promise<ReturnLine[]> {
      const { rows } = await sql<
        Omit<ReturnLine, 'parcels'> & { parcels: { at: string; quantity: number }[] }
      >`
        SELECT oi.id AS order_item_id, oi.name, oi.quantity, oi.dispatched, oi.refunded,
               oi.returned,
               coalesce((SELECT sum(ri.quantity) FROM return_items ri
                         JOIN returns r ON r.id = ri.return_id
                         WHERE ri.order_item_id = oi.id
                           AND r.status IN ('requested', 'received')), 0)::int AS open,
               coalesce((SELECT json_agg(json_build_object('at', s.created_at,
                                                           'quantity', si.quantity))
                         FROM shipment_items si JOIN shipments s ON s.id = si.shipment_id
                         WHERE si.order_item_id = oi.id), '[]'::json) AS parcels
        FROM order_items oi
        WHERE oi.order_id = ${orderId}
        ORDER BY oi.position
      `.execute(trx);
      return rows.map((row) => ({
        ...row,
        parcels: row.parcels.map((p) => ({ day: ukDayOf(new Date(p.at)), quantity: p.quantity })),
      }));
    },

    /**
     * Counts the units as being returned: one statement, only where the line's returns
     * stay within what was sent. Answers whether every line took them.
     */
    async countReturned(
      orderId: number,
      items: readonly { order_item_id: number; quantity: number }[],
      trx: Db,
    ): Promise<boolean> {
      const { rows } = await sql<{ id: number }>`
        UPDATE order_items oi
        SET returned = oi.returned + w.quantity
        FROM jsonb_to_recordset(${JSON.stringify(items)}::jsonb)
          AS w (order_item_id int, quantity int)
        WHERE oi.id = w.order_item_id
          AND oi.order_id = ${orderId}
          AND oi.returned + w.quantity <= oi.dispatched
        RETURNING oi.id
      `.execute(trx);
      return rows.length === items.length;
    },

    /** Gives back a refused return's units (they may be returned again in the window). */
    async uncountReturned(returnId: number, trx: Db): Promise<void> {
      await sql`
        UPDATE order_items oi
        SET returned = oi.returned - ri.quantity
        FROM return_items ri
        WHERE ri.return_id = ${returnId} AND oi.id = ri.order_item_id
      `.execute(trx);
    },

    async insert(
      value: {
        orderId: number;
        userId: number | null;
        reason: { code: string; label: string };
        items: readonly { order_item_id: number; quantity: number }[];
      },
      trx: Db,
    ): Promise<{ id: number; return_number: string }> {
      const row = await trx
        .insertInto('returns')
        .values({
          order_id: value.orderId,
          user_id: value.userId,
          reason_code: value.reason.code,
          reason_label: value.reason.label,
        })
        .returning(['id', 'return_number'])
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('return_items')
        .values(value.items.map((item) => ({ return_id: row.id, ...item })))
        .execute();
      return row;
    },

    async byNumber(returnNumber: string, trx: Db = db): Promise<ReturnRow | undefined> {
      const row = await selectReturns(trx)
        .where('r.return_number', '=', returnNumber)
        .executeTakeFirst();
      return row ? normalise(row as ReturnRow) : undefined;
    },

    async byId(id: number, trx: Db = db): Promise<ReturnRow | undefined> {
      const row = await selectReturns(trx).where('r.id', '=', id).executeTakeFirst();
      return row ? normalise(row as ReturnRow) : undefined;
    },

    /** The return a refund pays for, if any (`refund_id` is unique). */
    async byRefund(refundId: number, trx: Db = db): Promise<ReturnRow | undefined> {
      const row = await selectReturns(trx).where('r.refund_id', '=', refundId).executeTakeFirst();
      return row ? normalise(row as ReturnRow) : undefined;
    },

    async ofOrder(orderId: number, trx: Db = db): Promise<ReturnRow[]> {
      const rows = await selectReturns(trx)
        .where('r.order_id', '=', orderId)
        .orderBy('r.id', 'desc')
        .execute();
      return rows.map((row) => normalise(row as ReturnRow));
    },

    /** Newest first, keyset-paged on id (`returns_status_idx` when filtered by status). */
    async list(filter: {
      status?: ReturnStatus;
      orderNumber?: string;
      before?: number;
      limit: number;
    }): Promise<ReturnRow[]> {
      let query = selectReturns(db);
      if (filter.status) query = query.where('r.status', '=', filter.status);
      if (filter.orderNumber) query = query.where('o.order_number', '=', filter.orderNumber);
      if (filter.before) query = query.where('r.id', '<', filter.before);
      const rows = await query.orderBy('r.id', 'desc').limit(filter.limit).execute();
      return rows.map((row) => normalise(row as ReturnRow));
    },

    /**
     * Moves the return on, only from the statuses given (one conditional statement):
     * answers false when it was not in one of them.
     */
    async move(
      id: number,
      from: readonly ReturnStatus[],
      to: {
        status: ReturnStatus;
        refusalReason?: string;
        received?: boolean;
        closed?: boolean;
        unrefunded?: boolean;
      },
      trx: Db,
    ): Promise<boolean> {
      let query = trx
        .updateTable('returns')
        .set({
          status: to.status,
          updated_at: sql`now()`,
          ...(to.refusalReason !== undefined ? { refusal_reason: to.refusalReason } : {}),
          ...(to.received ? { received_at: sql`now()` } : {}),
          ...(to.closed ? { closed_at: sql`now()` } : {}),
        })
        .where('id', '=', id)
        .where('status', 'in', [...from]);
      if (to.unrefunded) query = query.where('refund_id', 'is', null);
      const row = await query.returning('id').executeTakeFirst();
      return row !== undefined;
    },

    /** Links the refund paying the return: only a received return with none yet. */
    async linkRefund(id: number, refundId: number, trx: Db): Promise<boolean> {
      const row = await trx
        .updateTable('returns')
        .set({ refund_id: refundId, updated_at: sql`now()` })
        .where('id', '=', id)
        .where('status', '=', 'received')
        .where('refund_id', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Locks the return's order row (as refunds and dispatch do) before changing it. */
    async lockOrderOf(returnId: number, trx: Db): Promise<void> {
      await sql`
        SELECT o.id FROM orders o JOIN returns r ON r.order_id = o.id
        WHERE r.id = ${returnId} FOR UPDATE OF o
      `.execute(trx);
    },
  };
}

export type ReturnsRepository = ReturnType<typeof returnsRepository>;
