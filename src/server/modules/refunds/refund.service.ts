/**
 * Refunds from the back office (ADR 051): an order's lines, its delivery charge and/or a
 * goodwill amount, to the payment (the gateway) or as store credit, each with a credit
 * note number from one gap-free sequence.
 *
 * As store credit, everything is one transaction. To the payment, in three steps so no
 * transaction is held while the gateway is asked, and so money never leaves at the
 * gateway without a row saying so:
 * 1. reserve: under the order row's lock, the lines' `refunded` and the order's
 *    `refunded_amount` go up by conditional UPDATEs (the CHECKs refuse going beyond what
 *    was bought or paid) and a `pending` refund row is written, with no number yet;
 * 2. the gateway voids or refunds;
 * 3. complete: the credit note number, restock, buds taken back, the order's status, its
 *    timeline and the audit record, in one transaction. A gateway refusal undoes step 1
 *    instead (audited). A gateway that does not answer leaves the reservation pending:
 *    the money may have gone, so it is never offered twice (ADR 051 says what then).
 * After commit: the refund email (its failure only logged) and back-in-stock alerts.
 */
import type { DocumentSeller } from '../../../domain/vat-document.ts';
import type { InvoiceService } from '../invoices/invoice.service.ts';
import { sql } from 'kysely';
import type { AdminOrderView } from '../../../domain/api/admin-orders.ts';
import { AppError, validationError } from '../../../domain/errors.ts';
import { formatPence, pence } from '../../../domain/money.ts';
import { paidOrderStatus, PAID_ORDER_STATUSES } from '../../../domain/order-status.ts';
import { planRefund, refundDestinationLabel, type RefundPlan } from '../../../domain/refunds.ts';
import type { RefundBody } from '../../../domain/schemas/refund.ts';
import { REFUND_LIMITS } from '../../../domain/staff.ts';
import type { Mailer } from '../../adapters/email/port.ts';
import {
  GatewayUnavailableError,
  type PaymentGateway,
  type SaleLookup,
} from '../../adapters/payments/port.ts';
import type { Db } from '../../db/client.ts';
import type { StockReservation } from '../../db/schema.ts';
import { adminOrderViews } from '../admin-orders/admin-order-view.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { creditRepository } from '../credit/credit.repository.ts';
import { recordOrderEvent } from '../order/order-events.ts';
import type { StaffActor } from '../staff/staff-actor.ts';
import { stockLedgerRepository } from '../stock/stock-ledger.repository.ts';
import { creditReleasedRefund, holdCreditNoteSequence } from './cancellation-credit-note.ts';
import { refundEmail } from './refund-email.ts';

export interface RefundLog {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** The order's row as a refund reads it, locked. */
interface LockedOrder {
  id: number;
  order_number: string;
  status: string;
  user_id: number | null;
  email_address: string;
  amount: number;
  credit_used: number;
  refunded_amount: number;
  transaction_id: string | null;
  payment_type: string | null;
  buds_earned: number;
  reservations: StockReservation[];
  delivery_amount: number | null;
  delivery_tax: number | null;
}

interface LineRow {
  id: number;
  product_id: number;
  name: string;
  quantity: number;
  preorder_quantity: number;
  total_price: number;
  tax_rate_bp: number;
  dispatched: number;
  refunded: number;
}

/** A refund written and waiting for its last step. */
interface Reserved {
  refundId: number;
  order: LockedOrder;
  lines: LineRow[];
  plan: RefundPlan;
}

/** Postgres error codes the ceilings raise: a CHECK, the delivery-once unique index. */
const CEILING_CODES = new Set(['23514', '23505']);
const isCeiling = (error: unknown) =>
  CEILING_CODES.has(String((error as { code?: unknown } | null)?.code ?? ''));

/**
 * What another module writes with a refund, in the refund's own transactions (returns,
 * ADR 070): `onReserved` once the refund row exists (for a refund to the payment, before
 * the gateway is asked; a refusal deletes the row), `onCompleted` as it gets its number.
 * Either may throw to refuse the refund; nothing of it is then written.
 */
export interface RefundLink {
  onReserved?: (trx: Db, refundId: number) => Promise<void>;
  onCompleted?: (trx: Db, refundId: number, creditNote: string) => Promise<void>;
}

/**
 * A pending refund the gateway shows no sign of is released only once it is this old
 * (ADR 081): younger, its own request may still be waiting for the gateway (at most
 * BRAINTREE_TIMEOUT_SECONDS, 120 s), which could yet refund it.
 */
export const RELEASE_PENDING_AFTER_MS = 5 * 60 * 1000;

/** What checking a pending refund with the gateway came to (ADR 081). */
export type PendingResolution =
  /** The gateway refunded (or voided) it: completed now, with its credit note. */
  | { outcome: 'completed'; creditNote: string; gatewayKind: 'void' | 'refund' }
  /** The gateway shows no such refund: the reservation undone, refundable again. */
  | { outcome: 'released' }
  /** The gateway did not answer: still pending. */
  | { outcome: 'unavailable' }
  /** No refund at the gateway yet, but its own request may still be under way. */
  | { outcome: 'too_soon' }
  /** Someone (or the job) resolved it meanwhile. */
  | { outcome: 'already_resolved' };

/**
 * The gateway's refund that is this pending refund's: a refund that went through, of
 * `amount`, not recorded against another of the order's refunds (`recorded`), the first
 * such; else the sale's void, when `amount` is all of the sale and no refund of the order
 * has the void already. Null: the gateway shows it did not happen.
 */
export function matchGatewayRefund(
  sale: SaleLookup | null,
  amount: number,
  recorded: ReadonlySet<string>,
  voidTaken: boolean,
): { kind: 'void' | 'refund'; transactionId: string | null } | null {
  if (!sale) return null;
  const refund = sale.refunds.find(
    (r) => r.succeeded && r.amount === amount && !recorded.has(r.id),
  );
  if (refund) return { kind: 'refund', transactionId: refund.id };
  if (sale.voided && amount === sale.amount && !voidTaken) {
    return { kind: 'void', transactionId: null };
  }
  return null;
}

/** A pending refund as a linked module is told of it when a check completes it. */
export interface PendingRefundRef {
  id: number;
  to: 'payment' | 'credit';
  restock: boolean;
}

const exceeds = (message?: string) =>
  new AppError('refund_exceeds_payment', message ? { message } : {});

export function refundService(deps: {
  db: Db;
  gateway: PaymentGateway;
  mailer: Mailer;
  publicUrl: string;
  log: RefundLog;
  /** After stock went back: the catalogue's cache dropped and back-in-stock emails sent. */
  onRestocked?: () => Promise<void>;
  /**
   * What another module writes when a pending refund linked to it completes on a check
   * (ADR 081): a return's refund marks the return refunded, as its own request would.
   */
  pendingLink?: (
    trx: Db,
    refund: PendingRefundRef,
    actor: StaffActor,
  ) => Promise<RefundLink | undefined>;
  now?: () => Date;
  /**
   * The seller each credit note names (kept with the refund) and its PDF, attached to
   * the refund email (ADR 071).
   */
  invoicing?: {
    seller: DocumentSeller;
    invoices: Pick<InvoiceService, 'creditNoteAttachment'>;
  };
}) {
  const { db, gateway, log } = deps;
  const now = deps.now ?? (() => new Date());
  const views = adminOrderViews(db);
  const stock = stockLedgerRepository(db);
  const credit = creditRepository(db);

  async function lockOrder(trx: Db, orderNumber: string): Promise<LockedOrder | undefined> {
    const { rows } = await sql<LockedOrder>`
      SELECT id, order_number, status, user_id, email_address, amount, credit_used,
             refunded_amount, transaction_id, payment_type, buds_earned, reservations,
             (snapshot #>> '{prices,delivery,amount}')::int AS delivery_amount,
             (snapshot #>> '{prices,delivery,tax,amount}')::int AS delivery_tax
      FROM orders WHERE order_number = ${orderNumber}
      FOR UPDATE
    `.execute(trx);
    return rows[0];
  }

  const linesOf = (trx: Db, orderId: number): Promise<LineRow[]> =>
    trx
      .selectFrom('order_items')
      .select([
        'id',
        'product_id',
        'name',
        'quantity',
        'preorder_quantity',
        'total_price',
        'tax_rate_bp',
        'dispatched',
        'refunded',
      ])
      .where('order_id', '=', orderId)
      .orderBy('position')
      .execute();

  /** Refused before anything is written: a role's limit (support: £50, as credit only). */
  function checkLimit(actor: StaffActor, to: 'payment' | 'credit', amount: number | null) {
    const limit = actor.role ? REFUND_LIMITS[actor.role] : undefined;
    if (!limit) return;
    if (to !== limit.to) {
      throw new AppError('unauthorized', {
        status: 403,
        message:
          'Your role can refund only as store credit. Ask a manager to refund to the payment.',
      });
    }
    if (amount !== null && amount > limit.max) {
      throw new AppError('unauthorized', {
        status: 403,
        message: `Your role can refund at most ${formatPence(pence(limit.max))} at once. Ask a manager for a larger refund.`,
      });
    }
  }

  /**
   * Step 1 (and all of a refund as credit): checks, plans and writes the refund under the
   * order's lock. Answers the reservation; a refund as credit is completed in it too.
   */
  async function reserve(
    trx: Db,
    orderNumber: string,
    body: RefundBody,
    actor: StaffActor,
    link?: RefundLink,
  ): Promise<Reserved> {
    const order = await lockOrder(trx, orderNumber);
    if (!order) throw new AppError('order_not_found');
    if (!(PAID_ORDER_STATUSES as readonly string[]).includes(order.status)) {
      throw exceeds('This order was not paid for (or was cancelled): there is nothing to refund.');
    }
    if (body.to === 'credit' && order.user_id === null) {
      throw validationError({
        to: ['This order was placed without an account: refund it to the payment.'],
      });
    }
    const lines = await linesOf(trx, order.id);
    const previous = await trx
      .selectFrom('refunds')
      .select([
        sql<number>`coalesce(sum(delivery_amount), 0)::int`.as('delivery'),
        sql<number>`coalesce(sum(amount) FILTER (WHERE destination = 'payment'), 0)::int`.as(
          'to_payment',
        ),
      ])
      .where('order_id', '=', order.id)
      .executeTakeFirstOrThrow();
    const planned = planRefund(
      {
        lines: lines.map((line) => ({
          order_item_id: line.id,
          quantity: line.quantity,
          refunded: line.refunded,
          total_price: line.total_price,
          tax_rate_bp: line.tax_rate_bp,
        })),
        delivery: { amount: order.delivery_amount ?? 0, tax: order.delivery_tax ?? 0 },
        deliveryRefunded: previous.delivery > 0,
        paidInAll: order.amount + order.credit_used,
        refunded: order.refunded_amount,
      },
      { items: body.items ?? [], delivery: body.delivery ?? false, goodwill: body.amount ?? 0 },
    );
    if (!planned.ok) {
      if (planned.kind === 'invalid') throw validationError(planned.errors);
      throw exceeds(planned.message);
    }
    const plan = planned.plan;
    checkLimit(actor, body.to, plan.amount);
    if (body.to === 'payment') {
      const left = order.transaction_id ? order.amount - previous.to_payment : 0;
      if (plan.amount > left) {
        throw exceeds(
          left > 0
            ? `Only ${formatPence(pence(left))} of the payment is left to refund: refund the rest as store credit.`
            : 'Nothing of this order’s payment is left to refund: refund it as store credit.',
        );
      }
    }

    // The ceilings, enforced by the database: conditional UPDATEs, and the CHECKs behind them.
    for (const item of plan.items) {
      const moved = await trx
        .updateTable('order_items')
        .set((eb) => ({ refunded: eb('refunded', '+', item.quantity) }))
        .where('id', '=', item.order_item_id)
        .where('order_id', '=', order.id)
        .where(sql<boolean>`refunded + ${item.quantity} <= quantity`)
        .returning('id')
        .executeTakeFirst();
      if (!moved) throw exceeds();
    }
    const counted = await trx
      .updateTable('orders')
      .set((eb) => ({
        refunded_amount: eb('refunded_amount', '+', plan.amount),
        updated_at: sql`now()`,
      }))
      .where('id', '=', order.id)
      .where(sql<boolean>`refunded_amount + ${plan.amount} <= amount + credit_used`)
      .returning('id')
      .executeTakeFirst();
    if (!counted) throw exceeds();

    const refund = await trx
      .insertInto('refunds')
      .values({
        order_id: order.id,
        credit_note_number: null,
        state: 'pending',
        amount: plan.amount,
        items_amount: plan.itemsAmount,
        delivery_amount: plan.deliveryAmount,
        goodwill_amount: plan.goodwillAmount,
        tax_amount: plan.tax,
        destination: body.to,
        reason: body.reason,
        restock: body.restock ?? false,
        staff_id: actor.staffId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (plan.items.length > 0) {
      await trx
        .insertInto('refund_items')
        .values(
          plan.items.map((item) => ({
            refund_id: refund.id,
            order_item_id: item.order_item_id,
            quantity: item.quantity,
            amount: item.amount,
            tax_amount: item.tax,
          })),
        )
        .execute();
    }
    if (body.to === 'payment') {
      // Reserved before the gateway is asked (completed or undone next, each audited).
      await recordAudit(trx, actor, {
        action: 'order.refund_pending',
        entityType: 'order',
        entityId: order.order_number,
        before: { refunded_amount: order.refunded_amount },
        after: { refunded_amount: order.refunded_amount + plan.amount, refund_id: refund.id },
        reason: body.reason,
      });
    }
    await link?.onReserved?.(trx, refund.id);
    return { refundId: refund.id, order, lines, plan };
  }

  /** The next credit note number: gap-free, taken in the refund's own transaction. */
  async function nextCreditNote(trx: Db): Promise<string> {
    const row = await trx
      .updateTable('document_sequences')
      .set((eb) => ({ last_used: eb('last_used', '+', 1) }))
      .where('kind', '=', 'credit_note')
      .returning('last_used')
      .executeTakeFirstOrThrow();
    return `CN-${String(row.last_used).padStart(6, '0')}`;
  }

  /**
   * Units of each variation going back to stock: a line's own variation, or a bundle's
   * components; never units that were pre-ordered (they were never taken), nor more of a
   * variation than the order took less what earlier refunds put back.
   */
  async function restockUnits(trx: Db, reserved: Reserved): Promise<Map<number, number>> {
    const { order, lines, plan } = reserved;
    const lineById = new Map(lines.map((line) => [line.id, line]));
    const productIds = [
      ...new Set(plan.items.map((i) => lineById.get(i.order_item_id)!.product_id)),
    ];
    const components =
      productIds.length === 0
        ? []
        : await trx
            .selectFrom('bundle_components')
            .select(['bundle_id', 'component_id', 'quantity'])
            .where('bundle_id', 'in', productIds)
            .execute();
    const wanted = new Map<number, number>();
    const add = (productId: number, units: number) =>
      units > 0 && wanted.set(productId, (wanted.get(productId) ?? 0) + units);
    for (const item of plan.items) {
      const line = lineById.get(item.order_item_id)!;
      // Lines as read before this refund: units taken first, pre-ordered units last.
      const taken = line.quantity - line.preorder_quantity;
      const units = Math.max(0, Math.min(item.quantity, taken - line.refunded));
      const parts = components.filter((c) => c.bundle_id === line.product_id);
      if (parts.length === 0) add(line.product_id, units);
      else for (const part of parts) add(part.component_id, units * part.quantity);
    }
    if (wanted.size === 0) return wanted;
    const restocked = await trx
      .selectFrom('stock_movements')
      .select(['product_id', sql<number>`sum(change)::int`.as('units')])
      .where('order_id', '=', order.id)
      .where('reason', '=', 'restocked')
      .groupBy('product_id')
      .execute();
    const back = new Map(restocked.map((row) => [row.product_id, row.units]));
    const took = new Map<number, number>();
    for (const r of order.reservations ?? []) {
      took.set(r.product_id, (took.get(r.product_id) ?? 0) + r.quantity);
    }
    for (const [productId, units] of wanted) {
      const room = Math.max(0, (took.get(productId) ?? 0) - (back.get(productId) ?? 0));
      if (Math.min(units, room) > 0) wanted.set(productId, Math.min(units, room));
      else wanted.delete(productId);
    }
    return wanted;
  }

  /**
   * Buds earned on the refunded lines, taken back (ADR 034: no more than the customer
   * has, less what their orders being charged spend). The order's earned buds are
   * shared over its lines' totals: a refund takes back its lines' share, counted
   * cumulatively so parts never take back more than was earned.
   */
  async function takeBackBuds(trx: Db, reserved: Reserved, creditNote: string): Promise<number> {
    const { order, lines, plan } = reserved;
    if (order.user_id === null || order.buds_earned <= 0 || plan.itemsAmount <= 0) return 0;
    const linesTotal = lines.reduce((sum, line) => sum + line.total_price, 0);
    if (linesTotal <= 0) return 0;
    const before = await trx
      .selectFrom('refunds')
      .select(sql<number>`coalesce(sum(items_amount), 0)::int`.as('items'))
      .where('order_id', '=', order.id)
      .where('state', '=', 'completed')
      .where('id', '!=', reserved.refundId)
      .executeTakeFirstOrThrow();
    const share = (items: number) =>
      Math.min(order.buds_earned, Math.floor((order.buds_earned * items) / linesTotal));
    const due = share(before.items + plan.itemsAmount) - share(before.items);
    if (due <= 0) return 0;
    // Locked on its own statement first, as spending buds does (ADR 034).
    await sql`SELECT id FROM users WHERE id = ${order.user_id} FOR NO KEY UPDATE`.execute(trx);
    const { rows } = await sql<{ buds: number }>`
      SELECT (COALESCE((SELECT SUM(change) FROM loyalty_ledger WHERE user_id = ${order.user_id}), 0)
            - COALESCE((SELECT SUM(buds_used) FROM orders
                        WHERE user_id = ${order.user_id} AND status = 'pending'), 0))::int AS buds
    `.execute(trx);
    const taken = Math.min(due, Math.max(0, rows[0]?.buds ?? 0));
    if (taken > 0) {
      await trx
        .insertInto('loyalty_ledger')
        .values({
          user_id: order.user_id,
          change: -taken,
          reason: `Taken back with refund ${creditNote} on order ${order.order_number}`,
        })
        .execute();
    }
    return taken;
  }

  /** Step 3: numbers the refund and does everything that follows from it. */
  async function complete(
    trx: Db,
    reserved: Reserved,
    body: RefundBody,
    actor: StaffActor,
    gatewayResult: { kind: 'void' | 'refund'; transactionId: string | null } | null,
    link?: RefundLink,
  ): Promise<{ creditNote: string; restocked: boolean } | null> {
    const { plan } = reserved;
    // The order as it is now (another refund may have completed since step 1).
    const order = (await lockOrder(trx, reserved.order.order_number))!;
    if (gatewayResult) {
      const state = await stateOf(trx, reserved.refundId);
      // A check with the gateway (ADR 081) resolved it while the gateway was being asked.
      if (state === 'completed') return null;
      if (state === undefined) {
        // Released as never made, and the gateway has made it since: only a request stalled
        // for longer than RELEASE_PENDING_AFTER_MS gets here. Staff must record it by hand.
        log.error(
          { order: order.order_number, refund: reserved.refundId, gateway: gatewayResult },
          'refund made at the gateway after a check released it: record it by hand',
        );
        return null;
      }
    }
    const creditNote = await nextCreditNote(trx);
    // Stock back before the refund counts as completed: products' rows are then locked
    // before the sales summary's (ADR 068's triggers on refunds), in the same order as an
    // order's stock take and payment, so a refund and an order cannot deadlock.
    let restocked = false;
    if (body.restock) {
      for (const [productId, units] of await restockUnits(trx, reserved)) {
        const moved = await stock.apply(
          {
            productId,
            change: units,
            reason: 'restocked',
            note: `Refund ${creditNote}`,
            staffId: actor.staffId,
            orderId: order.id,
          },
          trx,
        );
        if (moved) restocked = true;
      }
    }
    await trx
      .updateTable('refunds')
      .set({
        state: 'completed',
        credit_note_number: creditNote,
        ...(deps.invoicing ? { seller: JSON.stringify(deps.invoicing.seller) } : {}),
        gateway_kind: gatewayResult?.kind ?? null,
        gateway_transaction_id: gatewayResult?.transactionId ?? null,
      })
      .where('id', '=', reserved.refundId)
      .where('state', '=', 'pending')
      .executeTakeFirstOrThrow();

    if (body.to === 'credit') {
      const balance = await credit.add(
        'refund',
        {
          userId: order.user_id!,
          amount: plan.amount,
          reason: `Refund ${creditNote} on order ${order.order_number}`,
          orderId: order.id,
          staffId: actor.staffId,
        },
        trx,
      );
      if (balance === undefined) throw new AppError('order_not_found');
    }

    const budsTaken = await takeBackBuds(trx, reserved, creditNote);

    const lines = await linesOf(trx, order.id);
    // Counted in step 1 already.
    const refundedAmount = order.refunded_amount;
    const status = paidOrderStatus(lines, refundedAmount, order.amount + order.credit_used);
    await trx
      .updateTable('orders')
      .set({ status, updated_at: sql`now()` })
      .where('id', '=', order.id)
      .execute();

    const where = refundDestinationLabel(body.to, order.payment_type);
    await recordOrderEvent(trx, {
      orderId: order.id,
      kind: 'refunded',
      summary: `Refunded ${formatPence(pence(plan.amount))} ${where} — ${creditNote}: ${body.reason}`,
      staffId: actor.staffId,
      detail: {
        credit_note_number: creditNote,
        amount: plan.amount,
        to: body.to,
        gateway_kind: gatewayResult?.kind ?? null,
        buds_taken_back: budsTaken,
      },
    });
    await recordAudit(trx, actor, {
      action: 'order.refund',
      entityType: 'order',
      entityId: order.order_number,
      before: { status: order.status, refunded_amount: refundedAmount - plan.amount },
      after: {
        status,
        refunded_amount: refundedAmount,
        credit_note_number: creditNote,
        amount: plan.amount,
        items: plan.items.map((i) => ({ order_item_id: i.order_item_id, quantity: i.quantity })),
        delivery_amount: plan.deliveryAmount,
        goodwill_amount: plan.goodwillAmount,
        to: body.to,
        gateway_kind: gatewayResult?.kind ?? null,
        restock: body.restock ?? false,
        buds_taken_back: budsTaken,
      },
      reason: body.reason,
    });
    await link?.onCompleted?.(trx, reserved.refundId, creditNote);
    return { creditNote, restocked };
  }

  /**
   * A pending refund as step 1 left it, read under the order's lock: its plan and the
   * request it answers. The lines as before it (their `refunded` less its units), as
   * step 3's restock counts from. Null when it is no longer pending.
   */
  async function pendingReservation(
    trx: Db,
    order: LockedOrder,
    refundId: number,
  ): Promise<(Reserved & { body: RefundBody }) | null> {
    const refund = await trx
      .selectFrom('refunds')
      .selectAll()
      .where('id', '=', refundId)
      .where('order_id', '=', order.id)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    if (!refund) return null;
    const items = await trx
      .selectFrom('refund_items')
      .select(['order_item_id', 'quantity', 'amount', 'tax_amount'])
      .where('refund_id', '=', refundId)
      .orderBy('order_item_id')
      .execute();
    const units = new Map(items.map((i) => [i.order_item_id, i.quantity]));
    const lines = (await linesOf(trx, order.id)).map((line) => ({
      ...line,
      refunded: line.refunded - (units.get(line.id) ?? 0),
    }));
    return {
      refundId,
      order,
      lines,
      plan: {
        items: items.map((i) => ({
          order_item_id: i.order_item_id,
          quantity: i.quantity,
          amount: i.amount,
          tax: i.tax_amount,
        })),
        itemsAmount: refund.items_amount,
        deliveryAmount: refund.delivery_amount,
        goodwillAmount: refund.goodwill_amount,
        amount: refund.amount,
        tax: refund.tax_amount,
      },
      body: {
        to: 'payment',
        reason: refund.reason,
        restock: refund.restock,
        items: items.map((i) => ({ order_item_id: i.order_item_id, quantity: i.quantity })),
        delivery: refund.delivery_amount > 0,
        amount: refund.goodwill_amount,
      },
    };
  }

  /**
   * A pending refund the gateway shows never happened: its reservation undone, as a
   * refusal's is, with the order's timeline saying so (audited `order.refund_released`).
   */
  async function release(
    trx: Db,
    reserved: Reserved,
    actor: StaffActor,
    sale: SaleLookup | null,
  ): Promise<void> {
    const { order, plan } = reserved;
    // A cancelled order's credit (below) takes the sequence before deleting the row
    // touches the summary: ADR 078's lock order.
    if (order.status === 'cancelled') await holdCreditNoteSequence(trx);
    await giveBack(trx, reserved, { touch: true });
    await trx.deleteFrom('refunds').where('id', '=', reserved.refundId).execute();
    // A cancelled order: its cancellation reversed the whole sale, this refund's part
    // too, but its credit note left that part out; credited now (ADR 078, migration 051).
    const creditNote = await creditReleasedRefund(trx, order.id);
    const amount = formatPence(pence(plan.amount));
    await recordOrderEvent(trx, {
      orderId: order.id,
      kind: 'refund_released',
      summary:
        `Pending refund of ${amount} released: the payment provider shows it was not made` +
        (creditNote ? `; the cancellation gave it back, credit note ${creditNote} credits it` : ''),
      staffId: actor.staffId,
      detail: {
        refund_id: reserved.refundId,
        amount: plan.amount,
        ...(creditNote ? { credit_note: creditNote } : {}),
      },
    });
    await recordAudit(trx, actor, {
      action: 'order.refund_released',
      entityType: 'order',
      entityId: order.order_number,
      before: { refunded_amount: order.refunded_amount, refund_id: reserved.refundId },
      after: {
        refunded_amount: order.refunded_amount - plan.amount,
        ...(creditNote ? { credit_note: creditNote } : {}),
        gateway: sale
          ? { sale: sale.id, status: sale.status, refunds: sale.refunds.length }
          : 'sale not found',
      },
      reason: 'The payment provider shows the refund was not made',
    });
  }

  /**
   * A reservation given back: its units to their lines, its amount off the order's
   * refunded total (`touch`: the order's updated_at too). The refund row is the caller's.
   */
  async function giveBack(trx: Db, reserved: Reserved, options: { touch: boolean }) {
    for (const item of reserved.plan.items) {
      await trx
        .updateTable('order_items')
        .set((eb) => ({ refunded: eb('refunded', '-', item.quantity) }))
        .where('id', '=', item.order_item_id)
        .execute();
    }
    await trx
      .updateTable('orders')
      .set((eb) => ({
        refunded_amount: eb('refunded_amount', '-', reserved.plan.amount),
        ...(options.touch ? { updated_at: sql`now()` } : {}),
      }))
      .where('id', '=', reserved.order.id)
      .execute();
  }

  /** The refund's state (read under the order's lock); undefined once released. */
  async function stateOf(trx: Db, refundId: number): Promise<string | undefined> {
    const row = await trx
      .selectFrom('refunds')
      .select('state')
      .where('id', '=', refundId)
      .executeTakeFirst();
    return row?.state;
  }

  /** A gateway refusal: the reservation undone, as if it had never been (audited). */
  async function undo(reserved: Reserved, actor: StaffActor, why: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await lockOrder(trx, reserved.order.order_number);
      await giveBack(trx, reserved, { touch: false });
      await trx
        .deleteFrom('refunds')
        .where('id', '=', reserved.refundId)
        .where('state', '=', 'pending')
        .execute();
      await recordAudit(trx, actor, {
        action: 'order.refund_refused',
        entityType: 'order',
        entityId: reserved.order.order_number,
        before: { refunded_amount: reserved.order.refunded_amount + reserved.plan.amount },
        after: { refunded_amount: reserved.order.refunded_amount, gateway: why },
        reason: 'The payment gateway refused the refund',
      });
    });
  }

  /** The credit note's PDF; none if it cannot be made (the email goes without it). */
  async function creditNoteAttachments(orderNumber: string, creditNote: string) {
    if (!deps.invoicing) return [];
    try {
      return [await deps.invoicing.invoices.creditNoteAttachment(orderNumber, creditNote)];
    } catch (error) {
      log.error({ err: error, order: orderNumber }, 'credit note PDF not made');
      return [];
    }
  }

  async function afterCommit(
    reserved: Reserved,
    body: RefundBody,
    creditNote: string,
    restocked: boolean,
  ): Promise<void> {
    const { order, plan, lines } = reserved;
    const byId = new Map(lines.map((line) => [line.id, line]));
    const message = await refundEmail(
      {
        to: order.email_address,
        orderNumber: order.order_number,
        creditNoteNumber: creditNote,
        amount: plan.amount,
        destination: refundDestinationLabel(body.to, order.payment_type),
        credit: body.to === 'credit',
        lines: plan.items.map((item) => ({
          name: byId.get(item.order_item_id)?.name ?? 'Item',
          quantity: item.quantity,
          amount: item.amount,
        })),
        delivery: plan.deliveryAmount,
        goodwill: plan.goodwillAmount,
      },
      deps.publicUrl,
    );
    try {
      const attachments = await creditNoteAttachments(order.order_number, creditNote);
      await deps.mailer.send(attachments.length > 0 ? { ...message, attachments } : message);
      await recordOrderEvent(db, {
        orderId: order.id,
        kind: 'email_sent',
        summary: `Refund email (${creditNote}) sent to ${order.email_address}`,
      });
    } catch (error) {
      log.error({ err: error, order: order.order_number }, 'refund email failed');
    }
    if (restocked && deps.onRestocked) {
      try {
        await deps.onRestocked();
      } catch (error) {
        log.error({ err: error, order: order.order_number }, 'back-in-stock alerts failed');
      }
    }
  }

  const run = async <T>(work: (trx: Db) => Promise<T>): Promise<T> => {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (isCeiling(error)) throw exceeds();
      throw error;
    }
  };

  const service = {
    /** The order as staff now see it (after a check). */
    async orderView(orderNumber: string): Promise<AdminOrderView> {
      const view = await views.byNumber(orderNumber);
      if (!view) throw new AppError('order_not_found');
      return view;
    },

    /**
     * POST /admin/orders/{order_number}/refunds: answers the order as staff now see it.
     * `link`: another module's writes in the refund's transactions (RefundLink).
     */
    async refund(
      orderNumber: string,
      body: RefundBody,
      actor: StaffActor,
      link?: RefundLink,
    ): Promise<AdminOrderView> {
      // A role's limit on where the money goes is known before the order is read.
      checkLimit(actor, body.to, null);
      if (body.to === 'credit') {
        const done = await run(async (trx) => {
          const reserved = await reserve(trx, orderNumber, body, actor, link);
          return { reserved, ...(await complete(trx, reserved, body, actor, null, link))! };
        });
        await afterCommit(done.reserved, body, done.creditNote, done.restocked);
        return (await views.byNumber(orderNumber))!;
      }

      const reserved = await run((trx) => reserve(trx, orderNumber, body, actor, link));
      let outcome: Awaited<ReturnType<PaymentGateway['refund']>>;
      try {
        outcome = await gateway.refund(reserved.order.transaction_id!, reserved.plan.amount);
      } catch (error) {
        // It may or may not have happened at the gateway: the reservation stays pending.
        log.error(
          { err: error, order: reserved.order.order_number, refund: reserved.refundId },
          'refund: the gateway did not answer; the refund stays pending',
        );
        if (error instanceof GatewayUnavailableError) {
          throw new AppError('internal_error', {
            status: 503,
            message:
              'The payment gateway did not answer, so we cannot tell whether the refund went through. It is held as pending: check the payment in the gateway before refunding again.',
          });
        }
        throw error;
      }
      if (!outcome.ok) {
        await undo(reserved, actor, outcome.message);
        if (outcome.reason === 'unsettled') {
          throw new AppError('refund_not_settled', { detail: outcome.message });
        }
        throw new AppError('payment_failed', {
          message: 'The payment gateway refused the refund, so nothing was refunded.',
          detail: outcome.message,
        });
      }
      const done = await db
        .transaction()
        .execute((trx) => complete(trx, reserved, body, actor, outcome, link));
      if (done) await afterCommit(reserved, body, done.creditNote, done.restocked);
      else {
        log.warn(
          { order: orderNumber, refund: reserved.refundId },
          'refund: resolved meanwhile by a check with the gateway',
        );
      }
      return (await views.byNumber(orderNumber))!;
    },

    /**
     * POST /admin/orders/{order_number}/refunds/{id}/check (and the pending-refunds job,
     * ADR 081): resolves a refund to the payment left pending from what the gateway did
     * with the sale. A gateway refund of the same amount not yet recorded against another
     * of the order's refunds (or, for all of an unsettled sale, its void) completes it —
     * step 3 exactly as a refund's own request would, with the gateway's transaction id;
     * none releases it (its amounts refundable again), once it is older than
     * RELEASE_PENDING_AFTER_MS; a gateway that does not answer leaves it. Under the order's
     * lock, and only while still pending: checks at once resolve it once.
     */
    async resolvePending(
      orderNumber: string,
      refundId: number,
      actor: StaffActor,
    ): Promise<PendingResolution> {
      const row = await db
        .selectFrom('refunds as r')
        .innerJoin('orders as o', 'o.id', 'r.order_id')
        .select(['r.state', 'r.destination', 'r.created_at', 'o.transaction_id'])
        .where('r.id', '=', refundId)
        .where('o.order_number', '=', orderNumber)
        .executeTakeFirst();
      if (!row) throw new AppError('not_found', { message: 'This order has no such refund.' });
      if (row.state !== 'pending') return { outcome: 'already_resolved' };
      let sale: SaleLookup | null;
      try {
        sale = row.transaction_id ? await gateway.lookupSale(row.transaction_id) : null;
      } catch (error) {
        if (!(error instanceof GatewayUnavailableError)) throw error;
        log.warn(
          { err: error, order: orderNumber, refund: refundId },
          'pending refund: the gateway did not answer; it stays pending',
        );
        return { outcome: 'unavailable' };
      }
      const age = now().getTime() - new Date(row.created_at).getTime();
      const done = await db.transaction().execute(async (trx) => {
        const order = await lockOrder(trx, orderNumber);
        const reserved = order ? await pendingReservation(trx, order, refundId) : null;
        if (!order || !reserved) return { outcome: 'already_resolved' as const };
        const recorded = new Set(
          (
            await trx
              .selectFrom('refunds')
              .select('gateway_transaction_id')
              .where('order_id', '=', order.id)
              .where('state', '=', 'completed')
              .where('gateway_transaction_id', 'is not', null)
              .execute()
          ).map((r) => r.gateway_transaction_id!),
        );
        const voidTaken = await trx
          .selectFrom('refunds')
          .select('id')
          .where('order_id', '=', order.id)
          .where('state', '=', 'completed')
          .where('gateway_kind', '=', 'void')
          .executeTakeFirst();
        const found = matchGatewayRefund(sale, reserved.plan.amount, recorded, !!voidTaken);
        const body = reserved.body;
        if (found) {
          const link = await deps.pendingLink?.(
            trx,
            { id: refundId, to: 'payment', restock: body.restock ?? false },
            actor,
          );
          const completed = await complete(trx, reserved, body, actor, found, link);
          return completed
            ? { outcome: 'completed' as const, reserved, body, found, ...completed }
            : { outcome: 'already_resolved' as const };
        }
        if (age < RELEASE_PENDING_AFTER_MS) return { outcome: 'too_soon' as const };
        await release(trx, reserved, actor, sale);
        return { outcome: 'released' as const };
      });
      if (done.outcome !== 'completed') return { outcome: done.outcome };
      await afterCommit(done.reserved, done.body, done.creditNote, done.restocked);
      return {
        outcome: 'completed',
        creditNote: done.creditNote,
        gatewayKind: done.found.kind,
      };
    },

    /**
     * The pending-refunds job (ADR 081): checks each refund pending longer than
     * RELEASE_PENDING_AFTER_MS (oldest first, at most `limit`) as `actor`. What it cannot
     * resolve (the gateway not answering) stays pending for the next run, and for staff.
     */
    async resolveStalePending(
      actor: StaffActor,
      limit = 50,
    ): Promise<Record<PendingResolution['outcome'], number>> {
      const cutoff = new Date(now().getTime() - RELEASE_PENDING_AFTER_MS);
      const stale = await db
        .selectFrom('refunds as r')
        .innerJoin('orders as o', 'o.id', 'r.order_id')
        .select(['r.id', 'o.order_number'])
        .where('r.state', '=', 'pending')
        .where('r.created_at', '<', cutoff)
        .orderBy('r.created_at')
        .limit(limit)
        .execute();
      const counts = {
        completed: 0,
        released: 0,
        unavailable: 0,
        too_soon: 0,
        already_resolved: 0,
      };
      for (const refund of stale) {
        const result = await service.resolvePending(refund.order_number, refund.id, actor);
        counts[result.outcome] += 1;
        // One outage answers every lookup the same: the rest wait for the next run.
        if (result.outcome === 'unavailable') break;
      }
      return counts;
    },
  };
  return service;
}

export type RefundService = ReturnType<typeof refundService>;
