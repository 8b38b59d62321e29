/**
 * Returns (issue 23, ADR 070). A customer — or the browser holding the order, as for
 * cancelling — starts a return for dispatched lines within the window, with a reason;
 * it gets a return number (R-000123) and the instructions by email. Staff mark it
 * received, then refund it (a refund of ADR 051 with restock, linked to the return) or
 * refuse it with a reason.
 *
 * Starting a return runs under the order row's lock, so it takes turns with dispatch,
 * refunds and other returns of the order; the lines' `returned` counts go up in one
 * conditional statement, and the database's CHECK stands behind it. Every staff write
 * has its audit record and order timeline entry in the same transaction.
 */
import type { OrderReturnsView, ReturnView, AdminReturnView } from '../../../domain/api/returns.ts';
import { AppError, validationError } from '../../../domain/errors.ts';
import {
  checkReturn,
  lineReturnBy,
  returnableUnits,
  RETURN_STATUS_LABELS,
  type ReturnStatus,
} from '../../../domain/returns.ts';
import type {
  RefundReturnInput,
  RefuseReturnInput,
  StartReturnInput,
} from '../../../domain/schemas/returns.ts';
import { ukDayOf } from '../../../domain/uk-days.ts';
import type { Mailer, EmailMessage } from '../../adapters/email/port.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { recordOrderEvent } from '../order/order-events.ts';
import { orderVisibleTo, type OrderViewer } from '../order/order-history.ts';
import type { PendingRefundRef, RefundLink, RefundService } from '../refunds/refund.service.ts';
import type { StaffActor } from '../staff/staff-actor.ts';
import { returnRefusedEmail, returnStartedEmail } from './return-email.ts';
import { returnsRepository, type ReturnRow } from './returns.repository.ts';

/** Returns on one page of the back office's list. */
export const RETURNS_PAGE = 50;

const notAllowed = (message?: string) =>
  new AppError('return_not_allowed', message ? { message } : {});

function returnView(row: ReturnRow): ReturnView {
  return {
    return_number: row.return_number,
    status: row.status,
    status_label: RETURN_STATUS_LABELS[row.status],
    reason: row.reason_label,
    refusal_reason: row.refusal_reason,
    items: row.items,
    created_at: row.created_at.toISOString(),
    received_at: row.received_at?.toISOString() ?? null,
    closed_at: row.closed_at?.toISOString() ?? null,
  };
}

function adminReturnView(row: ReturnRow): AdminReturnView {
  return {
    ...returnView(row),
    order_number: row.order_number,
    email_address: row.email_address,
    refund: row.refund,
  };
}

export function returnsService(deps: {
  db: Db;
  refunds: Pick<RefundService, 'refund'>;
  mailer: Mailer;
  publicUrl: string;
  log: { error(object: object, message: string): void };
  now?: () => Date;
}) {
  const { db } = deps;
  const repo = returnsRepository(db);
  const now = deps.now ?? (() => new Date());

  /** The order for someone who may see it; order_not_found otherwise (as for reading it). */
  async function visibleOrder(publicId: string, viewer: OrderViewer, trx: Db, lock: boolean) {
    const order = await repo.order(publicId, { lock }, trx);
    if (!order || !orderVisibleTo(order, viewer)) throw new AppError('order_not_found');
    return order;
  }

  /** Sends an email after commit, noting it on the order's timeline; a failure only logged. */
  /** Renders and sends an email; a failure to do either is logged, never thrown. */
  async function send(orderId: number, render: () => Promise<EmailMessage>, what: string) {
    try {
      const message = await render();
      await deps.mailer.send(message);
      await recordOrderEvent(db, {
        orderId,
        kind: 'email_sent',
        summary: `${what} sent to ${message.to}`,
      });
    } catch (error) {
      deps.log.error({ err: error, orderId }, `${what} failed`);
    }
  }

  /** The return, for staff; return_not_found when there is none with that number. */
  async function find(returnNumber: string, trx: Db = db): Promise<ReturnRow> {
    const row = await repo.byNumber(returnNumber, trx);
    if (!row) throw new AppError('return_not_found');
    return row;
  }

  /**
   * What completing the return's refund writes with it, in the refund's transaction: the
   * return refunded and closed, its timeline event and audit record.
   */
  function completedWith(
    row: ReturnRow,
    actor: StaffActor,
    to: 'payment' | 'credit',
    restock: boolean,
  ): NonNullable<RefundLink['onCompleted']> {
    return async (trx, _refundId, creditNote) => {
      await repo.move(row.id, ['received'], { status: 'refunded', closed: true }, trx);
      await recordOrderEvent(trx, {
        orderId: row.order_id,
        kind: 'return_refunded',
        summary: `Return ${row.return_number} refunded — ${creditNote}`,
        staffId: actor.staffId,
      });
      await recordAudit(trx, actor, {
        action: 'return.refund',
        entityType: 'return',
        entityId: row.return_number,
        before: { status: 'received' },
        after: {
          status: 'refunded',
          order_number: row.order_number,
          credit_note_number: creditNote,
          to,
          restock,
        },
      });
    };
  }

  /** Why a return in `status` cannot take this step. */
  function wrongStatus(row: ReturnRow, step: string): AppError {
    return notAllowed(
      `Return ${row.return_number} is ${RETURN_STATUS_LABELS[row.status].toLowerCase()}: it cannot be ${step}.`,
    );
  }

  return {
    /** GET /orders/{public_id}/returns: the order's returns and what may be returned today. */
    async forOrder(publicId: string, viewer: OrderViewer): Promise<OrderReturnsView> {
      const order = await visibleOrder(publicId, viewer, db, false);
      const [rules, reasons, lines, returns] = await Promise.all([
        repo.rules(),
        repo.reasons(),
        repo.lines(order.id),
        repo.ofOrder(order.id),
      ]);
      const today = ukDayOf(now());
      const timing = { deliveryDays: order.delivery_days, windowDays: rules.windowDays };
      return {
        returns: returns.map(returnView),
        returnable: lines
          .map((line) => ({
            order_item_id: line.order_item_id,
            name: line.name,
            quantity: returnableUnits(line, today, timing),
            return_by: lineReturnBy(line, timing) ?? today,
          }))
          .filter((line) => line.quantity > 0),
        reasons,
        instructions: {
          address: rules.address,
          send_back_days: rules.sendBackDays,
          refund_days: rules.refundDays,
        },
      };
    },

    /** POST /orders/{public_id}/returns: starts a return; the email goes after commit. */
    async start(
      publicId: string,
      viewer: OrderViewer,
      input: StartReturnInput,
    ): Promise<ReturnView> {
      const started = await db.transaction().execute(async (trx) => {
        const order = await visibleOrder(publicId, viewer, trx, true);
        const [rules, reasons, lines] = await Promise.all([
          repo.rules(trx),
          repo.reasons(trx),
          repo.lines(order.id, trx),
        ]);
        const reason = reasons.find((r) => r.code === input.reason);
        if (!reason) throw validationError({ reason: ['Please choose one of the reasons'] });
        const checked = checkReturn(lines, input.items, ukDayOf(now()), {
          deliveryDays: order.delivery_days,
          windowDays: rules.windowDays,
        });
        if (!checked.ok) {
          if (checked.kind === 'unknown_line') {
            throw validationError({ items: ['This order has no such line'] });
          }
          throw notAllowed();
        }
        if (!(await repo.countReturned(order.id, checked.items, trx))) throw notAllowed();
        const created = await repo.insert(
          { orderId: order.id, userId: viewer.customerId, reason, items: checked.items },
          trx,
        );
        await recordOrderEvent(trx, {
          orderId: order.id,
          kind: 'return_requested',
          summary: `Return ${created.return_number} started by the customer: ${reason.label}`,
          detail: { return_number: created.return_number, items: checked.items },
        });
        return { order, rules, row: (await repo.byId(created.id, trx))! };
      });
      const { order, rules, row } = started;
      await send(
        order.id,
        () =>
          returnStartedEmail(
            {
              to: order.email_address,
              orderNumber: order.order_number,
              returnNumber: row.return_number,
              items: row.items,
              address: rules.address,
              sendBackDays: rules.sendBackDays,
              refundDays: rules.refundDays,
              at: row.created_at,
            },
            deps.publicUrl,
          ),
        `Return ${row.return_number} instructions`,
      );
      return returnView(row);
    },

    /** GET /admin/returns: newest first, by status and/or order; keyset-paged. */
    async list(filter: {
      status?: ReturnStatus;
      order_number?: string;
      cursor?: string;
    }): Promise<{ returns: AdminReturnView[]; next_cursor: string | null }> {
      // The query's schema let only an id through (a bad cursor is a 422 there).
      const before = filter.cursor ? Number(filter.cursor) : undefined;
      const rows = await repo.list({
        ...(filter.status ? { status: filter.status } : {}),
        ...(filter.order_number ? { orderNumber: filter.order_number } : {}),
        ...(before ? { before } : {}),
        limit: RETURNS_PAGE + 1,
      });
      const page = rows.slice(0, RETURNS_PAGE);
      return {
        returns: page.map(adminReturnView),
        next_cursor: rows.length > RETURNS_PAGE ? String(page[page.length - 1]!.id) : null,
      };
    },

    async get(returnNumber: string): Promise<AdminReturnView> {
      return adminReturnView(await find(returnNumber));
    },

    /** POST /admin/returns/{n}/receive: the parcel arrived. */
    async receive(returnNumber: string, actor: StaffActor): Promise<AdminReturnView> {
      const row = await db.transaction().execute(async (trx) => {
        const before = await find(returnNumber, trx);
        await repo.lockOrderOf(before.id, trx);
        const moved = await repo.move(
          before.id,
          ['requested'],
          { status: 'received', received: true },
          trx,
        );
        if (!moved) throw wrongStatus((await repo.byId(before.id, trx))!, 'marked received');
        await recordOrderEvent(trx, {
          orderId: before.order_id,
          kind: 'return_received',
          summary: `Return ${before.return_number} received`,
          staffId: actor.staffId,
        });
        await recordAudit(trx, actor, {
          action: 'return.receive',
          entityType: 'return',
          entityId: before.return_number,
          before: { status: before.status },
          after: { status: 'received', order_number: before.order_number },
        });
        return (await repo.byId(before.id, trx))!;
      });
      return adminReturnView(row);
    },

    /** POST /admin/returns/{n}/refuse: refused with a reason; the units may be returned again. */
    async refuse(
      returnNumber: string,
      input: RefuseReturnInput,
      actor: StaffActor,
    ): Promise<AdminReturnView> {
      const row = await db.transaction().execute(async (trx) => {
        const before = await find(returnNumber, trx);
        await repo.lockOrderOf(before.id, trx);
        const moved = await repo.move(
          before.id,
          ['requested', 'received'],
          { status: 'refused', refusalReason: input.reason, closed: true, unrefunded: true },
          trx,
        );
        if (!moved) throw wrongStatus((await repo.byId(before.id, trx))!, 'refused');
        await repo.uncountReturned(before.id, trx);
        await recordOrderEvent(trx, {
          orderId: before.order_id,
          kind: 'return_refused',
          summary: `Return ${before.return_number} refused: ${input.reason}`,
          staffId: actor.staffId,
        });
        await recordAudit(trx, actor, {
          action: 'return.refuse',
          entityType: 'return',
          entityId: before.return_number,
          before: { status: before.status },
          after: { status: 'refused', order_number: before.order_number },
          reason: input.reason,
        });
        return (await repo.byId(before.id, trx))!;
      });
      await send(
        row.order_id,
        () =>
          returnRefusedEmail(
            {
              to: row.email_address,
              orderNumber: row.order_number,
              returnNumber: row.return_number,
              items: row.items,
              reason: input.reason,
            },
            deps.publicUrl,
          ),
        `Return ${row.return_number} refusal`,
      );
      return adminReturnView(row);
    },

    /**
     * The link of a refund left pending that a check with the gateway completes (ADR 081):
     * the return it pays for becomes refunded, as the refund's own request would have made
     * it. None when the refund pays for no return still received.
     */
    async pendingRefundLink(
      trx: Db,
      refund: PendingRefundRef,
      actor: StaffActor,
    ): Promise<RefundLink | undefined> {
      const row = await repo.byRefund(refund.id, trx);
      if (!row || row.status !== 'received') return undefined;
      return { onCompleted: completedWith(row, actor, refund.to, refund.restock) };
    },

    /**
     * POST /admin/returns/{n}/refund: refunds the returned lines through the refunds
     * service (its rules, role limits, gateway steps, restock and email), the return
     * linked to the refund as it is reserved and marked refunded as it completes.
     */
    async refund(
      returnNumber: string,
      input: RefundReturnInput,
      actor: StaffActor,
    ): Promise<AdminReturnView> {
      const row = await find(returnNumber);
      if (row.status !== 'received' || row.refund_id !== null) {
        throw row.refund_id !== null && row.status === 'received'
          ? notAllowed(
              `Return ${row.return_number} already has a refund under way: check the order's refunds.`,
            )
          : wrongStatus(row, 'refunded');
      }
      await deps.refunds.refund(
        row.order_number,
        {
          items: row.items.map((item) => ({
            order_item_id: item.order_item_id,
            quantity: item.quantity,
          })),
          reason: `Return ${row.return_number}: ${row.reason_label}`,
          restock: input.restock ?? true,
          to: input.to,
        },
        actor,
        {
          onReserved: async (trx, refundId) => {
            if (!(await repo.linkRefund(row.id, refundId, trx))) {
              throw notAllowed(`Return ${row.return_number} was changed meanwhile: reload it.`);
            }
          },
          onCompleted: completedWith(row, actor, input.to, input.restock ?? true),
        },
      );
      return adminReturnView(await find(returnNumber));
    },
  };
}

export type ReturnsService = ReturnType<typeof returnsService>;
