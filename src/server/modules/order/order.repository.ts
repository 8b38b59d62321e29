/**
 * The only code that reads and writes orders. Order placement is a handful of set-based
 * statements (ADR 019): the basket's lock, one read that brings everything pricing
 * needs, one that takes stock for every product at once, one insert; completing or
 * failing an order is one statement each (with the buds ledger, the basket and stock
 * released in the same statement, so each is atomic without a transaction). Every
 * change to stock writes its stock ledger row in the statement that makes it (ADR 053).
 */
import { ACTIVE_ORDER_STATUSES } from '../../../domain/order-status.ts';
import { sql, type Transaction } from 'kysely';
import { jsonArrayFrom, jsonObjectFrom } from 'kysely/helpers/postgres';
import type { OrderStatus, PaymentMethodType } from '../../../domain/api/order.ts';
import type { Db } from '../../db/client.ts';
import type { BasketRecord } from '../basket/basket.repository.ts';
import type { Database, StockReservation } from '../../db/schema.ts';
import type { ThreeDSecureOutcome } from '../../adapters/payments/port.ts';
import { recordOrderEvent, type OrderEvent } from './order-events.ts';
import type { OrderSnapshot } from './order-view.ts';
import type { DocumentSeller } from '../../../domain/vat-document.ts';
import { invoiceIssued } from '../invoices/invoice-issue.ts';
import type { IssuedInvoiceRow } from '../invoices/invoice.repository.ts';

/**
 * The failure type of an order failed because the gateway could not confirm a sale
 * (answered as order_failed); reconciliation reverses any sale that turns up for it.
 */
export const UNCONFIRMED_FAILURE = 'unconfirmed';

/** An order as stored. */
export interface OrderRecord {
  id: number;
  public_id: string;
  order_number: string;
  basket_id: string | null;
  user_id: number | null;
  email_address: string;
  status: OrderStatus;
  amount: number;
  snapshot: OrderSnapshot;
  reservations: StockReservation[];
  payment_type: PaymentMethodType | null;
  payment_card_type: string | null;
  payment_last_four: string | null;
  transaction_id: string | null;
  failure_type: string | null;
  failure_message: string | null;
  idempotency_key: string | null;
  buds_used: number;
  buds_earned: number;
  /** Store credit the order spent (pence, ADR 052); `amount` is what the payment takes. */
  credit_used: number;
  /** Cancellation (ADR 023): a claim under way, when it was cancelled, how it was paid back. */
  cancel_claimed_at: Date | null;
  cancelled_at: Date | null;
  reversal_kind: 'void' | 'refund' | null;
  /** Back office (ADR 047). */
  paid_at: Date | null;
  refunded_amount: number;
  created_at: Date;
  updated_at: Date;
}

/** What a request waiting for another's order needs to know of it. */
export interface OrderOutcome {
  id: number;
  public_id: string;
  basket_id: string | null;
  status: OrderStatus;
  failure_type: string | null;
  failure_message: string | null;
}

/** A voucher row read fresh (vouchers are otherwise cached reference data). */
export interface FreshVoucher {
  code: string;
  kind: 'percent_items' | 'fixed_items' | 'free_delivery' | 'percent_order';
  value: number;
  min_spend: number;
  starts_at: string | Date | null;
  expires_at: string | Date | null;
  max_uses_per_customer: number | null;
}

/** A voucher's limits and the uses counted against them (migration 032, ADR 064). */
interface VoucherLimits {
  max_uses: number | null;
  max_uses_per_customer: number | null;
  uses: number;
  customer_uses: number;
}

/** Whether an order now would go beyond the voucher's total or per-customer uses. */
export function voucherSpent(limits: VoucherLimits): boolean {
  if (limits.max_uses !== null && Number(limits.uses) >= limits.max_uses) return true;
  return (
    limits.max_uses_per_customer !== null &&
    Number(limits.customer_uses) >= limits.max_uses_per_customer
  );
}

/** The basket being ordered, locked, with what pricing and idempotency need. */
/** The basket as the order reads it: its record, its status, and what ordering needs. */
export interface BasketForOrder extends BasketRecord {
  status: 'open' | 'ordered' | 'merged';
  /** The basket's voucher read fresh: null when unknown, switched off or its uses spent. */
  voucher: FreshVoucher | null;
  /**
   * The basket's code is live but its uses (in all, or this customer's) are spent: the
   * order may not have it (ADR 064).
   */
  voucher_spent: boolean;
  /** The ordering customer's buds balance (0 for a guest). */
  buds: number;
  /** The ordering customer's store credit balance, pence (0 for a guest; ADR 052). */
  credit: number;
  /** The basket's order being paid or paid, if any. */
  active_order: OrderOutcome | null;
  /** The order made with this request's Idempotency-Key, if any. */
  keyed_order: OrderOutcome | null;
}

/** Stock wanted from one product; `soft` demand (pre-orders, gifts) may go beyond stock. */
export interface StockDemand {
  product_id: number;
  quantity: number;
  soft: boolean;
}

/** What reserving found for one product. */
export interface StockTaken {
  product_id: number;
  /** Stock on hand before this order. */
  before: number;
  quantity: number;
  /** Whether the demand was met (taken, or soft). */
  ok: boolean;
  /** Taken from stock; the rest (soft demand only) is a pre-order. */
  taken: number;
}

export interface NewOrder {
  public_id: string;
  order_number: string;
  basket_id: string;
  user_id: number | null;
  email_address: string;
  amount: number;
  snapshot: OrderSnapshot;
  reservations: StockReservation[];
  idempotency_key: string | null;
  buds_used: number;
  buds_earned: number;
  /** Store credit spent (pence): taken from the customer's balance as the order is written. */
  credit_used: number;
  /** The discount code the order uses (a use counted, ADR 064), and what it takes off. */
  voucher_code: string | null;
  voucher_discount: number;
}

/** How a sale was paid, as stored on completion. */
export interface Payment {
  transactionId: string | null;
  type: PaymentMethodType | null;
  cardType: string | null;
  lastFour: string | null;
  /** Cards: the sale's 3-D Secure outcome, when the gateway reported it (ADR 054). */
  threeDSecure?: ThreeDSecureOutcome | null;
}

const OUTCOME_COLUMNS = [
  'id',
  'public_id',
  'basket_id',
  'status',
  'failure_type',
  'failure_message',
] as const;

/** The ways an INSERT can clash with an existing order. */
export type OrderClash = 'basket' | 'idempotency_key' | 'order_number';

/** Which unique index a unique-violation error names, if it is one of the orders'. */
export function orderClash(error: unknown): OrderClash | null {
  const { code, constraint, message } = (error ?? {}) as {
    code?: string;
    constraint?: string;
    message?: string;
  };
  if (code !== '23505') return null;
  const name = constraint ?? message ?? '';
  if (name.includes('orders_basket_active_idx')) return 'basket';
  if (name.includes('idempotency_key')) return 'idempotency_key';
  if (name.includes('order_number')) return 'order_number';
  return null;
}

/**
 * Two CTEs giving back the store credit an order spent (ADR 052), with its ledger row:
 * `source` names an earlier CTE returning the order's id, user_id, credit_used and
 * order_number. Part of the statement that fails or cancels the order, so the credit
 * comes back exactly when the order ends, and costs no statement of its own.
 */
function creditReturned(source: 'failed' | 'cancelled', reason: string) {
  const ended = sql.table(source);
  return sql`
    credit_back AS (
      UPDATE users u SET credit_balance = u.credit_balance + e.credit_used
      FROM ${ended} e
      WHERE u.id = e.user_id AND e.credit_used > 0
      RETURNING u.id, u.credit_balance, e.credit_used, e.order_number, e.id AS order_id
    ),
    credit_entry AS (
      INSERT INTO credit_ledger (user_id, change, balance_after, kind, reason, order_id)
      SELECT id, credit_used, credit_balance, 'returned', ${reason}::text || order_number, order_id
      FROM credit_back
    )`;
}

/** The outcome as the order stores it (the API's names), or null. */
function threeDSecureJson(outcome: ThreeDSecureOutcome | null | undefined): string | null {
  if (!outcome) return null;
  return JSON.stringify({ status: outcome.status, liability_shifted: outcome.liabilityShifted });
}

function orderQueries(db: Db | Transaction<Database>) {
  return {
    /**
     * Locks the basket (concurrent orders for it queue here), then reads it with its
     * items, its voucher read fresh, the customer's buds and any order already made
     * for it or with this idempotency key (one statement).
     */
    async lockBasket(
      basketId: string,
      userId: number | null,
      idempotencyKey: string | null,
    ): Promise<BasketForOrder | undefined> {
      // The lock first, on its own: the read below then starts after it is held, so it
      // sees every order committed by the requests that held it before (a statement
      // sees the database as it was when the statement began, lock waits included).
      const locked = await db
        .selectFrom('baskets')
        .select(['id', 'use_loyalty_points', 'voucher_code'])
        .where('id', '=', basketId)
        .forUpdate()
        .executeTakeFirst();
      if (!locked) return undefined;
      if (locked.voucher_code !== null) {
        // A code with limited uses: every order for it queues here (before the
        // customer's row, so the lock order is always basket, voucher, customer), and
        // each counts the uses of the orders committed before it (ADR 064).
        await db
          .selectFrom('vouchers')
          .select('code')
          .where('code', '=', locked.voucher_code)
          .where((eb) =>
            eb.or([eb('max_uses', 'is not', null), eb('max_uses_per_customer', 'is not', null)]),
          )
          .forNoKeyUpdate()
          .execute();
      }
      if (userId !== null && locked.use_loyalty_points) {
        // Spending buds: the customer's orders from other baskets queue here too, so
        // each reads a balance that already holds back what the one before it spends.
        // NO KEY UPDATE leaves completions free to write the customer's ledger meanwhile.
        await db
          .selectFrom('users')
          .select('id')
          .where('id', '=', userId)
          .forNoKeyUpdate()
          .execute();
      }
      const row = await db
        .selectFrom('baskets as b')
        .select((eb) => [
          'b.id',
          'b.status',
          'b.version',
          'b.user_id',
          'b.email_address',
          'b.delivery_address',
          'b.billing_address',
          'b.delivery_option_id',
          'b.delivery_safe_place',
          'b.delivery_safe_place_option',
          'b.delivery_safe_place_option_note',
          'b.voucher_code',
          'b.use_loyalty_points',
          'b.use_credit',
          jsonArrayFrom(
            eb
              .selectFrom('basket_items as i')
              .select(['i.id', 'i.product_id', 'i.quantity', 'i.related_item_id'])
              .whereRef('i.basket_id', '=', 'b.id')
              .orderBy('i.id'),
          ).as('items'),
          jsonObjectFrom(
            eb
              .selectFrom('vouchers as v')
              .select((v) => [
                'v.code',
                'v.kind',
                'v.value',
                'v.min_spend',
                'v.starts_at',
                'v.expires_at',
                'v.max_uses',
                'v.max_uses_per_customer',
                // Uses: orders holding the code being paid or paid (ADR 064).
                v
                  .selectFrom('orders as vu')
                  .select((c) => c.fn.countAll<number>().as('n'))
                  .whereRef('vu.voucher_code', '=', 'v.code')
                  .where('vu.status', 'in', ACTIVE_ORDER_STATUSES)
                  .as('uses'),
                // This customer's: by account, and by email address (guests).
                v
                  .selectFrom('orders as vc')
                  .select((c) => c.fn.countAll<number>().as('n'))
                  .whereRef('vc.voucher_code', '=', 'v.code')
                  .where('vc.status', 'in', ACTIVE_ORDER_STATUSES)
                  .where((c) =>
                    c.or([
                      ...(userId === null ? [] : [c('vc.user_id', '=', userId)]),
                      c(
                        sql`lower(vc.email_address)`,
                        '=',
                        sql`lower(coalesce(b.email_address, ${
                          userId === null
                            ? sql`null`
                            : sql`(SELECT u.email_address FROM users u WHERE u.id = ${userId})`
                        }))`,
                      ),
                    ]),
                  )
                  .as('customer_uses'),
              ])
              .whereRef('v.code', '=', 'b.voucher_code')
              .where('v.active', '=', true),
          ).as('voucher'),
          // The balance less what the customer's orders still being charged spend.
          (userId === null
            ? sql<number>`0`
            : sql<number>`(${eb
                .selectFrom('loyalty_ledger as l')
                .select((l) => l.fn.coalesce(l.fn.sum<number>('l.change'), l.lit(0)).as('buds'))
                .where('l.user_id', '=', userId)}) - (${eb
                .selectFrom('orders as p')
                .select((p) => p.fn.coalesce(p.fn.sum<number>('p.buds_used'), p.lit(0)).as('held'))
                .where('p.user_id', '=', userId)
                .where('p.status', '=', 'pending')})`
          ).as('buds'),
          // Credit is spent as an order is written (insert), so the balance is what is left.
          (userId === null
            ? sql<number>`0`
            : eb.selectFrom('users as cu').select('cu.credit_balance').where('cu.id', '=', userId)
          ).as('credit'),
          jsonObjectFrom(
            eb
              .selectFrom('orders as o')
              .select(OUTCOME_COLUMNS.map((c) => `o.${c}` as const))
              .whereRef('o.basket_id', '=', 'b.id')
              .where('o.status', 'in', ACTIVE_ORDER_STATUSES),
          ).as('active_order'),
          (idempotencyKey === null
            ? sql<null>`null`
            : jsonObjectFrom(
                eb
                  .selectFrom('orders as k')
                  .select(OUTCOME_COLUMNS.map((c) => `k.${c}` as const))
                  .where('k.idempotency_key', '=', idempotencyKey),
              )
          ).as('keyed_order'),
        ])
        .where('b.id', '=', basketId)
        .executeTakeFirst();
      if (!row) return undefined;
      const found = row.voucher as (FreshVoucher & VoucherLimits) | null;
      const spent = found !== null && voucherSpent(found);
      return {
        ...row,
        voucher: found && !spent ? found : null,
        voucher_spent: spent,
        buds: Number(row.buds ?? 0),
        credit: Number(row.credit ?? 0),
      } as BasketForOrder;
    },

    /**
     * Takes stock for every product at once: each row is locked (in id order, so
     * concurrent orders cannot deadlock), then lowered by the demand when enough is on
     * hand; soft demand takes what there is. Demand that cannot be met takes nothing
     * (the caller rolls the transaction back).
     */
    async reserveStock(demands: readonly StockDemand[]): Promise<StockTaken[]> {
      if (demands.length === 0) return [];
      const want = sql.join(
        demands.map((d) => sql`(${d.product_id}::int, ${d.quantity}::int, ${d.soft}::boolean)`),
      );
      const { rows } = await sql<{
        product_id: number;
        before: number;
        quantity: number;
        soft: boolean;
        ok: boolean;
      }>`
        WITH want (product_id, quantity, soft) AS (VALUES ${want}),
        cur AS (
          SELECT p.id, p.quantity_on_hand AS before, w.quantity, (w.soft OR p.is_preorder) AS soft
          FROM products p JOIN want w ON w.product_id = p.id
          ORDER BY p.id
          FOR UPDATE OF p
        ),
        taken AS (
          UPDATE products p
          SET quantity_on_hand = cur.before - LEAST(cur.before, cur.quantity)
          FROM cur
          WHERE p.id = cur.id AND (cur.before >= cur.quantity OR cur.soft)
          RETURNING p.id
        )
        SELECT w.product_id, coalesce(cur.before, 0) AS before, w.quantity,
               coalesce(cur.soft, false) AS soft, (taken.id IS NOT NULL) AS ok
        FROM want w
        LEFT JOIN cur ON cur.id = w.product_id
        LEFT JOIN taken ON taken.id = w.product_id
      `.execute(db);
      return rows.map((r) => ({
        product_id: r.product_id,
        before: Number(r.before),
        quantity: r.quantity,
        ok: r.ok,
        taken: r.ok ? Math.min(Number(r.before), r.quantity) : 0,
      }));
    },

    /**
     * Writes a new pending order. Throws a unique violation (see orderClash) on a clash.
     * In the same statement: the stock ledger's 'sold' movement for each product its
     * reservations took (ADR 053; call it in the transaction that reserved the stock, so
     * the products' rows are still locked and the level read is the one reserving left),
     * and, for an order spending store credit, the credit taken from the customer's
     * balance with its ledger row (ADR 052): the conditional UPDATE locks the customer's
     * row, so two orders cannot both spend the same credit. And the delivery option the
     * order names is held `FOR KEY SHARE` (the lock a foreign key takes) until the
     * transaction ends (ADR 082): the back office's delete of it waits for this order,
     * then sees it used and refuses; one whose delete committed first leaves nothing to
     * hold. 'credit_spent' when the balance no longer covers `credit_used`, 'option_gone'
     * when the option was deleted (the order is written all the same either way: the
     * caller rolls its transaction back).
     */
    async insert(order: NewOrder): Promise<OrderRecord | 'credit_spent' | 'option_gone'> {
      const inserted = db
        .insertInto('orders')
        .values({
          ...order,
          snapshot: JSON.stringify(order.snapshot),
          reservations: JSON.stringify(order.reservations),
        })
        .returningAll();
      const spendsCredit = order.credit_used > 0 && order.user_id !== null;
      const { rows } = await sql<OrderRecord & { credit_spent: boolean; option_held: boolean }>`
        WITH placed AS (${inserted}),
        held AS (
          SELECT d.id FROM delivery_options d JOIN placed ON d.id = placed.sales_delivery_option
          FOR KEY SHARE OF d
        ),
        sold AS (
          INSERT INTO stock_movements (product_id, change, before, after, reason, order_id)
          SELECT p.id, -r.quantity, p.quantity_on_hand + r.quantity, p.quantity_on_hand,
                 'sold', placed.id
          FROM placed
          CROSS JOIN jsonb_to_recordset(placed.reservations) AS r (product_id int, quantity int)
          JOIN products p ON p.id = r.product_id
          WHERE r.quantity > 0
        ),
        spent AS (
          UPDATE users u SET credit_balance = u.credit_balance - placed.credit_used
          FROM placed
          WHERE ${spendsCredit} AND u.id = placed.user_id
            AND u.credit_balance >= placed.credit_used
          RETURNING u.id, u.credit_balance, placed.id AS order_id, placed.credit_used,
                    placed.order_number
        ),
        entry AS (
          INSERT INTO credit_ledger (user_id, change, balance_after, kind, reason, order_id)
          SELECT id, -credit_used, credit_balance, 'spent',
                 'Spent on order ' || order_number, order_id
          FROM spent
        )
        SELECT placed.*, EXISTS (SELECT 1 FROM spent) AS credit_spent,
               EXISTS (SELECT 1 FROM held) AS option_held
        FROM placed
      `.execute(db);
      const { credit_spent: spent, option_held: held, ...record } = rows[0]!;
      if (!held) return 'option_gone';
      return spent || !spendsCredit ? (record as OrderRecord) : 'credit_spent';
    },

    /**
     * Completes a pending order in one statement: paid with `payment`, the buds it spent
     * (negative) and earned (positive) recorded, its basket marked ordered, and the
     * confirmation email the caller sends on its timeline and, given the seller, its VAT
     * invoice issued (ADR 071: numbered in this statement, so gap-free). Undefined
     * when the order was not pending (another request or process completed or failed it).
     */
    async complete(
      id: number,
      payment: Payment,
      seller?: DocumentSeller,
    ): Promise<(OrderRecord & { invoice: IssuedInvoiceRow | null }) | undefined> {
      const { rows } = await sql<OrderRecord & { invoice: IssuedInvoiceRow | null }>`
        WITH paid AS (
          UPDATE orders
          SET status = 'paid', paid_at = now(), transaction_id = ${payment.transactionId},
              payment_type = ${payment.type}, payment_card_type = ${payment.cardType},
              payment_last_four = ${payment.lastFour},
              three_d_secure = ${threeDSecureJson(payment.threeDSecure)}::jsonb,
              updated_at = now()
          WHERE id = ${id} AND status = 'pending'
          RETURNING *
        ),
        buds AS (
          INSERT INTO loyalty_ledger (user_id, change, reason)
          SELECT paid.user_id, c.change, c.reason
          FROM paid CROSS JOIN LATERAL (VALUES
            (-paid.buds_used, 'Spent on order ' || paid.order_number),
            (paid.buds_earned, 'Earned on order ' || paid.order_number)
          ) AS c (change, reason)
          WHERE paid.user_id IS NOT NULL AND c.change <> 0
        ),
        basket AS (
          UPDATE baskets SET status = 'ordered', updated_at = now(), version = version + 1
          FROM paid WHERE baskets.id = paid.basket_id
        ),
        -- The confirmation the caller sends next, on the order's timeline in this same
        -- statement (the order's statement budget, ADR 022/054); a send that then fails
        -- adds an 'email_failed' entry after it.
        emailed AS (
          INSERT INTO order_events (order_id, kind, summary)
          SELECT paid.id, 'email_sent', 'Order confirmation sent to ' || paid.email_address
          FROM paid
        )${seller ? sql`, ${invoiceIssued('paid', seller)}` : sql``}
        SELECT paid.*, ${
          seller ? sql`(SELECT to_jsonb(v) FROM invoice_issued v)` : sql`NULL::jsonb`
        } AS invoice
        FROM paid
      `.execute(db);
      return rows[0];
    },

    /**
     * Fails a pending order in one statement, putting back the stock it took. False
     * when it was not pending.
     */
    async fail(
      id: number,
      failure: { type: string; message: string; transactionId: string | null },
    ): Promise<boolean> {
      const { rows } = await sql<{ id: number }>`
        WITH failed AS (
          UPDATE orders
          SET status = 'failed', failure_type = ${failure.type},
              failure_message = ${failure.message},
              transaction_id = coalesce(${failure.transactionId}, transaction_id),
              updated_at = now()
          WHERE id = ${id} AND status = 'pending'
          RETURNING id, reservations, user_id, credit_used, order_number
        ),
        released AS (
          UPDATE products p SET quantity_on_hand = p.quantity_on_hand + r.quantity
          FROM failed, jsonb_to_recordset(failed.reservations) AS r (product_id int, quantity int)
          WHERE p.id = r.product_id AND r.quantity > 0
          RETURNING p.id, r.quantity, p.quantity_on_hand AS after, failed.id AS order_id
        ),
        ledger AS (
          INSERT INTO stock_movements (product_id, change, before, after, reason, note, order_id)
          SELECT id, quantity, after - quantity, after, 'released', 'Payment not taken', order_id
          FROM released
        ),
        ${creditReturned('failed', 'Returned: payment not taken for order ')}
        SELECT id FROM failed
      `.execute(db);
      return rows.length > 0;
    },

    /** Adds to the order's timeline (order-events.ts), e.g. an email sent. */
    async recordEvent(event: OrderEvent): Promise<void> {
      await recordOrderEvent(db, event);
    },

    /** An order's status and refusal (for requests waiting on it). */
    async outcome(id: number): Promise<OrderOutcome | undefined> {
      return (await db
        .selectFrom('orders')
        .select(OUTCOME_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst()) as OrderOutcome | undefined;
    },

    /** The basket's order being paid or paid, if any. */
    async activeOf(basketId: string): Promise<OrderOutcome | undefined> {
      return (await db
        .selectFrom('orders')
        .select(OUTCOME_COLUMNS)
        .where('basket_id', '=', basketId)
        .where('status', 'in', ACTIVE_ORDER_STATUSES)
        .executeTakeFirst()) as OrderOutcome | undefined;
    },

    /** The order made with an idempotency key, if any. */
    async byIdempotencyKey(key: string): Promise<OrderOutcome | undefined> {
      return (await db
        .selectFrom('orders')
        .select(OUTCOME_COLUMNS)
        .where('idempotency_key', '=', key)
        .executeTakeFirst()) as OrderOutcome | undefined;
    },

    async findById(id: number): Promise<OrderRecord | undefined> {
      return (await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst()) as
        OrderRecord | undefined;
    },

    async findByPublicId(publicId: string): Promise<OrderRecord | undefined> {
      return (await db
        .selectFrom('orders')
        .selectAll()
        .where('public_id', '=', publicId)
        .executeTakeFirst()) as OrderRecord | undefined;
    },

    /**
     * Orders failed because the gateway could not confirm a sale, failed within the last
     * `withinMs`, with no sale found for them yet.
     */
    async unconfirmedFailures(withinMs: number, limit = 100): Promise<OrderRecord[]> {
      return (await db
        .selectFrom('orders')
        .selectAll()
        .where('status', '=', 'failed')
        .where('failure_type', '=', UNCONFIRMED_FAILURE)
        .where('transaction_id', 'is', null)
        .where('updated_at', '>', sql<Date>`now() - make_interval(secs => ${withinMs / 1000})`)
        .orderBy('updated_at')
        .limit(limit)
        .execute()) as OrderRecord[];
    },

    /** Records that a sale found for a failed order was reversed. */
    async recordReversal(id: number, transactionId: string): Promise<void> {
      await db
        .updateTable('orders')
        .set({ transaction_id: transactionId, failure_type: 'reversed', updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** A customer's orders, newest first (failed attempts are not orders they placed). */
    async listOfUser(userId: number, limit = 200): Promise<OrderRecord[]> {
      return (await db
        .selectFrom('orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '<>', 'failed')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()) as OrderRecord[];
    },

    async findByOrderNumber(orderNumber: string): Promise<OrderRecord | undefined> {
      return (await db
        .selectFrom('orders')
        .selectAll()
        .where('order_number', '=', orderNumber)
        .executeTakeFirst()) as OrderRecord | undefined;
    },

    /**
     * Claims a paid order's cancellation for the caller (ADR 023): one UPDATE, which
     * locks the row, so of concurrent callers exactly one gets it. A claim older than
     * `staleMs` (its process stopped) may be taken again. Undefined when the order is not
     * paid or another caller holds a live claim.
     */
    async claimCancellation(id: number, staleMs: number): Promise<OrderRecord | undefined> {
      return (await db
        .updateTable('orders')
        .set({ cancel_claimed_at: sql`now()`, updated_at: sql`now()` })
        .where('id', '=', id)
        .where('status', '=', 'paid')
        .where((eb) =>
          eb.or([
            eb('cancel_claimed_at', 'is', null),
            eb(
              'cancel_claimed_at',
              '<',
              sql<Date>`now() - make_interval(secs => ${staleMs / 1000})`,
            ),
          ]),
        )
        .returningAll()
        .executeTakeFirst()) as OrderRecord | undefined;
    },

    /**
     * Paid orders whose cancellation was claimed longer than `staleMs` ago and never
     * finished: the claiming process stopped, perhaps after reversing the payment.
     */
    async staleCancellationClaims(staleMs: number, limit = 100): Promise<number[]> {
      const rows = await db
        .selectFrom('orders')
        .select('id')
        .where('status', '=', 'paid')
        .where(
          'cancel_claimed_at',
          '<',
          sql<Date>`now() - make_interval(secs => ${staleMs / 1000})`,
        )
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Gives a claim back (the payment could not be reversed; the order stays paid). */
    async releaseCancellation(id: number): Promise<void> {
      await db
        .updateTable('orders')
        .set({ cancel_claimed_at: null })
        .where('id', '=', id)
        .where('status', '=', 'paid')
        .execute();
    },

    /** The numbers of the order's credit notes (completed refunds), oldest first. */
    async creditNotesOf(id: number): Promise<string[]> {
      const rows = await db
        .selectFrom('refunds')
        .select('credit_note_number')
        .where('order_id', '=', id)
        .where('state', '=', 'completed')
        .orderBy('id')
        .execute();
      return rows.flatMap((row) => (row.credit_note_number ? [row.credit_note_number] : []));
    },

    /**
     * Locks a paid order's row for its cancellation's transaction (ADR 078: the order
     * first, then the credit note sequence, the customer, products and the summary).
     * False when it is no longer paid (another process cancelled or dispatched it).
     */
    async lockPaid(id: number): Promise<boolean> {
      const row = await db
        .selectFrom('orders')
        .select('id')
        .where('id', '=', id)
        .where('status', '=', 'paid')
        .forUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Cancels a paid order in one statement, once its payment is reversed: cancelled,
     * any stock it took put back (free gifts; pre-order lines took none), the buds it
     * spent given back and the buds it earned taken back — no more than the customer
     * then has, less what their orders still being charged spend, so the balance never
     * goes below zero (buds earned and already spent elsewhere stay spent; ADR 034).
     * Undefined when it was no longer paid. Run it in a transaction (`transaction`):
     * it first locks the customer's row, as spending buds does, so the balance it reads
     * is not being spent meanwhile.
     */
    async cancel(id: number, reversal: 'void' | 'refund' | null): Promise<OrderRecord | undefined> {
      // The lock on its own statement: the next one then reads the ledger as it is once
      // the lock is held (a statement sees the database as it was when it began).
      await sql`
        SELECT u.id FROM users u JOIN orders o ON o.user_id = u.id
        WHERE o.id = ${id} AND o.status = 'paid'
        FOR NO KEY UPDATE OF u
      `.execute(db);
      const { rows } = await sql<OrderRecord>`
        WITH cancelled AS (
          UPDATE orders
          SET status = 'cancelled', cancelled_at = now(), reversal_kind = ${reversal},
              cancel_claimed_at = NULL, updated_at = now()
          WHERE id = ${id} AND status = 'paid'
          RETURNING *
        ),
        released AS (
          UPDATE products p SET quantity_on_hand = p.quantity_on_hand + r.quantity
          FROM cancelled,
               jsonb_to_recordset(cancelled.reservations) AS r (product_id int, quantity int)
          WHERE p.id = r.product_id AND r.quantity > 0
          RETURNING p.id, r.quantity, p.quantity_on_hand AS after, cancelled.id AS order_id
        ),
        ledger AS (
          INSERT INTO stock_movements (product_id, change, before, after, reason, note, order_id)
          SELECT id, quantity, after - quantity, after, 'released', 'Order cancelled', order_id
          FROM released
        ),
        balance AS (
          SELECT
            COALESCE((SELECT SUM(l.change) FROM loyalty_ledger l
                      WHERE l.user_id = cancelled.user_id), 0)
            - COALESCE((SELECT SUM(p.buds_used) FROM orders p
                        WHERE p.user_id = cancelled.user_id AND p.status = 'pending'), 0)
            + cancelled.buds_used AS buds
          FROM cancelled
        ),
        buds AS (
          INSERT INTO loyalty_ledger (user_id, change, reason)
          SELECT cancelled.user_id, c.change, c.reason
          FROM cancelled CROSS JOIN balance CROSS JOIN LATERAL (VALUES
            (cancelled.buds_used, 'Returned from cancelled order ' || cancelled.order_number),
            (-LEAST(cancelled.buds_earned, GREATEST(balance.buds, 0)),
             'Taken back with cancelled order ' || cancelled.order_number)
          ) AS c (change, reason)
          WHERE cancelled.user_id IS NOT NULL AND c.change <> 0
        ),
        ${creditReturned('cancelled', 'Returned from cancelled order ')}
        SELECT * FROM cancelled
      `.execute(db);
      return rows[0];
    },

    /** Pending orders placed more than `olderThanMs` ago, oldest first. */
    async pendingOlderThan(olderThanMs: number, limit = 100): Promise<OrderRecord[]> {
      return (await db
        .selectFrom('orders')
        .selectAll()
        .where('status', '=', 'pending')
        .where('created_at', '<=', sql<Date>`now() - make_interval(secs => ${olderThanMs / 1000})`)
        .orderBy('created_at')
        .limit(limit)
        .execute()) as OrderRecord[];
    },
  };
}

export type OrderQueries = ReturnType<typeof orderQueries>;

export interface OrderRepository extends OrderQueries {
  /**
   * Runs `work` in one transaction, with the queries bound to it (and the transaction
   * itself, for what other modules write with it: the audit trail, the timeline).
   */
  transaction<T>(work: (repository: OrderQueries, trx: Db) => Promise<T>): Promise<T>;
}

export function orderRepository(db: Db): OrderRepository {
  return {
    ...orderQueries(db),
    transaction: (work) => db.transaction().execute((trx) => work(orderQueries(trx), trx)),
  };
}
