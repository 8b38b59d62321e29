/**
 * The back office's orders (ADR 054): finding them, reading one, staff notes, resending
 * the confirmation and cancelling a pre-order. Every write records the staff member in
 * the audit trail and on the order's timeline, in the write's own transaction.
 */
import type { AdminOrderSummaryView, AdminOrderView } from '../../../domain/api/admin-orders.ts';
import { AppError, validationError } from '../../../domain/errors.ts';
import { pence } from '../../../domain/money.ts';
import { PAID_ORDER_STATUSES, type OrderStatus } from '../../../domain/order-status.ts';
import { amountView } from '../../../domain/price-view.ts';
import {
  ORDER_PAGE_DEFAULT,
  ORDER_SEARCH_MIN,
  type OrderListQuery,
  type ResendEmailInput,
} from '../../../domain/schemas/admin-orders.ts';
import {
  normaliseOrderNumber,
  ORDER_NUMBER_PATTERN,
} from '../../../domain/schemas/order-tracking.ts';
import type { Mailer } from '../../adapters/email/port.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { recordOrderEvent } from '../order/order-events.ts';
import { orderConfirmationEmail } from '../order/order-email.ts';
import type { OrderHistory } from '../order/order-history.ts';
import type { OrderLinks } from '../order/order-link.ts';
import type { OrderRecord, OrderRepository } from '../order/order.repository.ts';
import { orderView } from '../order/order-view.ts';
import type { InvoiceService } from '../invoices/invoice.service.ts';
import type { StaffActor } from '../staff/staff-actor.ts';
import { adminOrderViews } from './admin-order-view.ts';
import {
  adminOrdersRepository,
  containsPattern,
  type OrderSummaryRow,
} from './admin-orders.repository.ts';

const CURSOR_MESSAGE = 'Please start again from the first page';

/** The opaque keyset cursor: the last order shown's id. */
export function encodeCursor(id: number): string {
  return Buffer.from(`o${id}`).toString('base64url');
}

/** The id a cursor stands for, or a 422 on `cursor`. */
export function decodeCursor(cursor: string): number {
  const match = /^o(\d{1,10})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw validationError({ cursor: [CURSOR_MESSAGE] });
  return id;
}

/**
 * The LIKE patterns for a search: the text as typed, and — when it holds spaces — the
 * text without them, since `search_text` keeps postcodes without their space
 * ("sw1a 2aa" finds SW1A2AA) while names keep theirs ("ada lovelace").
 */
export function searchPatterns(q: string): string[] {
  const typed = q.trim().replace(/\s+/g, ' ');
  const patterns = [containsPattern(typed)];
  const compact = typed.replace(/ /g, '');
  if (compact !== typed && compact.length >= ORDER_SEARCH_MIN) {
    patterns.push(containsPattern(compact));
  }
  return patterns;
}

/** An order number from a path, normalised; a 404 for one that cannot exist. */
export function orderNumberParam(value: string): string {
  const number = normaliseOrderNumber(value);
  if (!ORDER_NUMBER_PATTERN.test(number)) throw new AppError('not_found');
  return number;
}

function summaryOf(row: OrderSummaryRow): AdminOrderSummaryView {
  return {
    order_number: row.order_number,
    public_id: row.public_id,
    status: row.status,
    date: new Date(row.created_at).toISOString(),
    email_address: row.email_address,
    name: row.name ?? '',
    postcode: row.postcode ?? '',
    total: amountView(pence(row.total)),
    item_count: row.item_count,
  };
}

export function adminOrdersService(deps: {
  db: Db;
  /** The invoice attached to a resent confirmation (ADR 071). */
  invoices?: Pick<InvoiceService, 'invoiceForStaff'>;
  orders: OrderRepository;
  history: OrderHistory;
  mailer: Mailer;
  orderLinks: OrderLinks;
  /** The shop's public address, for the links in emails. */
  publicUrl: string;
}) {
  const { db } = deps;
  const repository = adminOrdersRepository(db);
  const views = adminOrderViews(db);

  /** The order as the back office shows it, read with `on` (a write's transaction). */
  async function viewOf(orderNumber: string, on: Db = db): Promise<AdminOrderView> {
    const view = await views.byNumber(orderNumber, on);
    if (!view) throw new AppError('not_found');
    return view;
  }

  return {
    /** One page of orders, newest first, and the cursor of the next (null on the last). */
    async list(
      query: OrderListQuery,
    ): Promise<{ orders: AdminOrderSummaryView[]; next_cursor: string | null }> {
      const limit = query.limit ?? ORDER_PAGE_DEFAULT;
      const rows = await repository.list({
        ...(query.q ? { patterns: searchPatterns(query.q) } : {}),
        ...(query.status ? { status: query.status } : {}),
        ...(query.filter ? { filter: query.filter } : {}),
        ...(query.cursor ? { beforeId: decodeCursor(query.cursor) } : {}),
        // One more than shown tells whether there is a next page.
        limit: limit + 1,
      });
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        orders: page.map(summaryOf),
        next_cursor: rows.length > limit && last ? encodeCursor(last.id) : null,
      };
    },

    view: (orderNumber: string) => viewOf(orderNumber),

    /** Adds a staff note to the order's timeline (kept as typed: it is shown as text). */
    async addNote(orderNumber: string, note: string, actor: StaffActor): Promise<AdminOrderView> {
      return db.transaction().execute(async (trx) => {
        const order = await adminOrdersRepository(trx).find(orderNumber);
        if (!order) throw new AppError('not_found');
        await recordOrderEvent(trx, {
          orderId: order.id,
          kind: 'note',
          summary: note,
          staffId: actor.staffId,
        });
        await recordAudit(trx, actor, {
          action: 'order.note',
          entityType: 'order',
          entityId: order.order_number,
          after: { note },
        });
        return viewOf(orderNumber, trx);
      });
    },

    /**
     * Sends the order's confirmation again, to the address it was placed with, then
     * records it (timeline and audit). Only a paid order has a confirmation to send.
     */
    async resendEmail(
      orderNumber: string,
      input: ResendEmailInput,
      actor: StaffActor,
    ): Promise<AdminOrderView> {
      const order = await deps.orders.findByOrderNumber(orderNumber);
      if (!order) throw new AppError('not_found');
      if (!(PAID_ORDER_STATUSES as readonly OrderStatus[]).includes(order.status)) {
        throw new AppError('order_not_paid');
      }
      const link = deps.orderLinks.viewUrl(deps.publicUrl, order.public_id);
      // Sent first: if it fails nothing is recorded, and the staff member is told.
      const message = await orderConfirmationEmail(orderView(order), link);
      // Without its invoice rather than not at all, should the PDF not be made.
      const invoice = deps.invoices
        ? await deps.invoices.invoiceForStaff(order.order_number).catch(() => null)
        : null;
      await deps.mailer.send(
        invoice
          ? {
              ...message,
              attachments: [
                {
                  filename: invoice.filename,
                  contentType: 'application/pdf',
                  content: invoice.content,
                },
              ],
            }
          : message,
      );
      return db.transaction().execute(async (trx) => {
        const summary = `Order confirmation sent again to ${order.email_address}`;
        await recordOrderEvent(trx, {
          orderId: order.id,
          kind: 'email_resent',
          summary,
          staffId: actor.staffId,
          detail: { kind: input.kind },
        });
        await recordAudit(trx, actor, {
          action: 'order.email_resend',
          entityType: 'order',
          entityId: order.order_number,
          after: { email: input.kind, to: order.email_address },
        });
        return viewOf(orderNumber, trx);
      });
    },

    /**
     * Cancels a pre-order as its customer could (order-history.ts: only a paid order of
     * pre-order lines, nothing sent; payment reversed, stock returned, credit note
     * issued, email sent), with the staff member and their reason in the audit trail, on
     * the timeline and on the credit note (ADR 078).
     */
    async cancelPreorder(
      orderNumber: string,
      reason: string,
      actor: StaffActor,
    ): Promise<AdminOrderView> {
      if (!(await repository.find(orderNumber))) throw new AppError('not_found');
      const onCancelled = async (trx: Db, cancelled: OrderRecord, creditNote: string | null) => {
        await recordAudit(trx, actor, {
          action: 'order.cancel_preorder',
          entityType: 'order',
          entityId: cancelled.order_number,
          before: { status: 'paid' },
          after: {
            status: cancelled.status,
            payment: cancelled.reversal_kind,
            credit_note_number: creditNote,
          },
          reason,
        });
        const payment =
          cancelled.reversal_kind === 'void'
            ? 'payment voided'
            : cancelled.reversal_kind === 'refund'
              ? 'payment refunded'
              : 'nothing to pay back';
        await recordOrderEvent(trx, {
          orderId: cancelled.id,
          kind: 'cancelled',
          summary: `Pre-order cancelled (${payment}${creditNote ? `, credit note ${creditNote}` : ''}): ${reason}`,
          staffId: actor.staffId,
          detail: { reason, payment: cancelled.reversal_kind, credit_note_number: creditNote },
        });
      };
      await deps.history.cancelByNumber(orderNumber, {
        staffId: actor.staffId,
        reason,
        onCancelled,
      });
      return viewOf(orderNumber);
    },
  };
}

export type AdminOrdersService = ReturnType<typeof adminOrdersService>;
