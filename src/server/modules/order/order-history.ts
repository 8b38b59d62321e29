/**
 * After an order is placed (ADR 023): a customer's order history, tracking an order by
 * its number and email address (rate limited like logins), and cancelling a pre-order.
 *
 * Cancelling runs in three steps so no transaction is held while the gateway is called:
 * 1. claim: one guarded UPDATE (it locks the order row) marks the cancellation as under
 *    way; of concurrent requests exactly one gets it, the others wait for its outcome;
 * 2. reverse the payment through the gateway (void, or refund once settled);
 * 3. one transaction cancels the order, puts back any stock it took, writes the buds
 *    ledger and issues the credit note crediting everything the order took (ADR 078);
 *    then the confirmation email goes out with the credit note attached.
 * A process that stops between 2 and 3 leaves a stale claim; the next request retakes it
 * and reverses again, which the gateway answers with the earlier reversal (both adapters).
 */
import type { OrderView } from '../../../domain/api/order.ts';
import { AppError } from '../../../domain/errors.ts';
import { orderCancellability } from '../../../domain/order-cancellation.ts';
import type { TrackOrderInput } from '../../../domain/schemas/order-tracking.ts';
import type { Mailer } from '../../adapters/email/port.ts';
import type { PaymentGateway } from '../../adapters/payments/port.ts';
import type { Db } from '../../db/client.ts';
import type { DocumentSeller } from '../../../domain/vat-document.ts';
import type { InvoiceService } from '../invoices/invoice.service.ts';
import {
  CANCELLATION_REASON,
  creditCancelledOrder,
  holdCreditNoteSequence,
} from '../refunds/cancellation-credit-note.ts';
import type { RateLimitRepository } from '../auth/rate-limit.repository.ts';
import type { ShipmentRepository } from '../dispatch/shipment.repository.ts';
import { orderCancellationEmail } from './order-cancellation-email.ts';
import type { OrderRecord, OrderRepository } from './order.repository.ts';
import { orderView } from './order-view.ts';

/** Failed tracking attempts allowed per order number and per address in a window. */
export const TRACK_LIMITS = { perOrder: 5, perAddress: 20, windowS: 15 * 60 } as const;

/** A cancellation claim older than this is from a process that stopped. */
export const CANCEL_CLAIM_STALE_MS = 5 * 60 * 1000;

/**
 * Called inside the transaction that cancels the order, with it, the order as cancelled
 * and its credit note's number (null when it took nothing): what a staff cancellation
 * writes beside it (audit trail, timeline; ADR 054).
 */
export type OnCancelled = (
  trx: Db,
  cancelled: OrderRecord,
  creditNote: string | null,
) => Promise<void>;

/** A staff cancellation: who (null: the command line), and why (the credit note's reason). */
export interface CancelledBy {
  staffId: number | null;
  reason: string;
  onCancelled: OnCancelled;
}

/** Who is asking about an order (as for reading it, ADR 019). */
export interface OrderViewer {
  customerId: number | null;
  /** Orders in the browser's signed orders cookie (placed or tracked there). */
  visibleIds: readonly string[];
  basketId: string | null;
}

/** Whether `viewer` may read (and cancel, or return from) the order. */
export function orderVisibleTo(
  order: Pick<OrderRecord, 'public_id' | 'user_id' | 'basket_id'>,
  viewer: OrderViewer,
): boolean {
  return (
    viewer.visibleIds.includes(order.public_id) ||
    (viewer.customerId !== null && order.user_id === viewer.customerId) ||
    (viewer.basketId !== null && order.basket_id === viewer.basketId)
  );
}

const verificationFailed = () =>
  new AppError('order_tracking_verification_failed', {
    errors: {
      order_number: ['Please check your order number'],
      email_address: ['Please check the email address you ordered with'],
    },
  });

const notCancelledNow = (status: number) =>
  new AppError('internal_error', {
    status,
    message:
      'We could not cancel your order just now and it has not been changed. Please try again in a few minutes.',
  });

export function orderHistory(deps: {
  orders: OrderRepository;
  /** The order's parcels, as its customer sees them (ADR 050). */
  shipments: Pick<ShipmentRepository, 'ofOrder'>;
  rateLimits: RateLimitRepository;
  gateway: PaymentGateway;
  mailer: Mailer;
  /** The shop's public address, for the link in the email. */
  publicUrl: string;
  log: {
    error(object: object, message: string): void;
    warn(object: object, message: string): void;
  };
  /** How long a request waits for another request's cancellation of the same order. */
  waitForCancelMs?: number;
  /**
   * The seller each credit note names (kept with it) and its PDF, attached to the
   * cancellation email (ADR 071/078).
   */
  invoicing?: {
    seller: DocumentSeller;
    invoices: Pick<InvoiceService, 'creditNoteAttachment'>;
  };
}) {
  const { orders, rateLimits, gateway } = deps;
  const waitMs = deps.waitForCancelMs ?? 30_000;

  /** One order as a reply about it shows it: with its credit notes (ADR 078). */
  const withCreditNotes = async (order: OrderRecord): Promise<OrderView> => ({
    ...orderView(order),
    credit_notes: await orders.creditNotesOf(order.id),
  });

  /** Reverses the claimed order's payment, then cancels it and sends the email. */
  async function complete(claimed: OrderRecord, by?: CancelledBy): Promise<OrderView> {
    let reversal: 'void' | 'refund' | null = null;
    if (claimed.amount > 0 && claimed.transaction_id) {
      let result: Awaited<ReturnType<PaymentGateway['reverse']>>;
      try {
        result = await gateway.reverse(claimed.transaction_id);
      } catch (error) {
        deps.log.error({ err: error, order: claimed.order_number }, 'payment reversal failed');
        await orders.releaseCancellation(claimed.id);
        throw notCancelledNow(502);
      }
      if (!result.ok) {
        deps.log.error({ order: claimed.order_number }, 'payment reversal refused');
        await orders.releaseCancellation(claimed.id);
        throw notCancelledNow(502);
      }
      reversal = result.kind;
    }
    // One transaction, locking in ADR 078's order: the order, the credit note sequence,
    // then (the cancellation's statement) the customer and products, then (the credit
    // note) the sales summary.
    const outcome = await orders.transaction(async (tx, trx) => {
      if (!(await tx.lockPaid(claimed.id))) return undefined;
      await holdCreditNoteSequence(trx);
      const done = await tx.cancel(claimed.id, reversal);
      if (!done) return undefined;
      const creditNote = await creditCancelledOrder(trx, {
        orderId: done.id,
        reason: by?.reason ?? CANCELLATION_REASON,
        staffId: by?.staffId ?? null,
        gatewayKind: reversal,
        seller: deps.invoicing?.seller ?? null,
      });
      if (by) await by.onCancelled(trx, done, creditNote);
      return { done, creditNote };
    });
    if (!outcome) {
      // Not paid any more (e.g. dispatched meanwhile by the back office): answer as it is.
      const now = await orders.findById(claimed.id);
      if (now?.status === 'cancelled') return withCreditNotes(now);
      throw new AppError('order_not_preorder');
    }
    const cancelled = outcome.done;
    const creditNote = outcome.creditNote;
    const view = { ...orderView(cancelled), credit_notes: creditNote ? [creditNote] : [] };
    let sent = false;
    try {
      const message = await orderCancellationEmail(view, deps.publicUrl, creditNote);
      const attachments = creditNote ? await creditNoteAttachments(view, creditNote) : [];
      await deps.mailer.send(attachments.length > 0 ? { ...message, attachments } : message);
      sent = true;
    } catch (error) {
      // The order is cancelled; the email can be sent again by hand.
      deps.log.error({ err: error, order: cancelled.order_number }, 'cancellation email failed');
    }
    try {
      await orders.recordEvent({
        orderId: cancelled.id,
        kind: sent ? 'email_sent' : 'email_failed',
        summary: sent
          ? `Cancellation confirmation sent to ${cancelled.email_address}`
          : `Cancellation confirmation could not be sent to ${cancelled.email_address}`,
      });
    } catch (error) {
      deps.log.error({ err: error, order: cancelled.order_number }, 'order timeline not written');
    }
    return view;
  }

  /** The credit note's PDF; none if it cannot be made (the email goes without it). */
  async function creditNoteAttachments(order: OrderView, creditNote: string) {
    if (!deps.invoicing) return [];
    try {
      return [await deps.invoicing.invoices.creditNoteAttachment(order.order_number, creditNote)];
    } catch (error) {
      deps.log.error({ err: error, order: order.order_number }, 'credit note PDF not made');
      return [];
    }
  }

  /** Cancels `order` once allowed (see the module comment), waiting out another's claim. */
  async function cancelOrder(order: OrderRecord, by?: CancelledBy): Promise<OrderView> {
    const deadline = Date.now() + waitMs;
    let pause = 20;
    for (;;) {
      if (order.status === 'cancelled') return withCreditNotes(order);
      if (!orderCancellability(orderView(order)).cancellable) {
        throw new AppError('order_not_preorder');
      }
      const claimed = await orders.claimCancellation(order.id, CANCEL_CLAIM_STALE_MS);
      if (claimed) return complete(claimed, by);
      // Another request is cancelling it: wait (bounded) for its outcome.
      if (Date.now() >= deadline) throw notCancelledNow(503);
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, 250);
      order = (await orders.findById(order.id)) ?? order;
    }
  }

  return {
    /**
     * Finishes cancellations a stopped process claimed and left (run with reconciliation):
     * the customer asked to cancel, and the payment may already be reversed, so the order
     * must not stay paid. Each is claimed again and completed as a request would; one that
     * still cannot be reversed stays paid and is logged. Answers how many ended each way.
     */
    async finishStaleCancellations(): Promise<{ finished: number; failed: number }> {
      const counts = { finished: 0, failed: 0 };
      for (const id of await orders.staleCancellationClaims(CANCEL_CLAIM_STALE_MS)) {
        const claimed = await orders.claimCancellation(id, CANCEL_CLAIM_STALE_MS);
        if (!claimed) continue;
        try {
          await complete(claimed);
          counts.finished += 1;
          deps.log.warn({ order: claimed.order_number }, 'finished a cancellation left claimed');
        } catch {
          counts.failed += 1;
        }
      }
      return counts;
    },

    /** The customer's orders, newest first. */
    async listForCustomer(customerId: number): Promise<OrderView[]> {
      return (await orders.listOfUser(customerId)).map(orderView);
    },

    /**
     * The order with this number when it was placed with this email address; each
     * failed attempt counts against the order number and the caller's address.
     */
    async track(input: TrackOrderInput, context: { remoteIp: string }): Promise<OrderView> {
      const orderKey = `track:order:${input.order_number}`;
      const addressKey = `track:address:${context.remoteIp}`;
      // Counted before anything is checked, one statement per counter, so parallel
      // guesses each see their own count; a refused or successful attempt gives it back.
      const [orderAttempts, addressAttempts] = await Promise.all([
        rateLimits.hit(orderKey, TRACK_LIMITS.windowS),
        rateLimits.hit(addressKey, TRACK_LIMITS.windowS),
      ]);
      if (orderAttempts > TRACK_LIMITS.perOrder || addressAttempts > TRACK_LIMITS.perAddress) {
        await Promise.all([rateLimits.release(orderKey), rateLimits.release(addressKey)]);
        deps.log.warn({ remoteIp: context.remoteIp }, 'order tracking rate limited');
        throw new AppError('rate_limit');
      }
      const order = await orders.findByOrderNumber(input.order_number);
      const matches =
        order !== undefined &&
        order.status !== 'failed' &&
        order.email_address.trim().toLowerCase() === input.email_address;
      if (!matches) throw verificationFailed();
      const [shipments, creditNotes] = await Promise.all([
        deps.shipments.ofOrder(order.id),
        orders.creditNotesOf(order.id),
        rateLimits.clear(orderKey),
        rateLimits.release(addressKey),
      ]);
      return { ...orderView(order), shipments, credit_notes: creditNotes };
    },

    /**
     * Cancels a pre-order (see the module comment) for someone who may see it; answers
     * the cancelled order, also when it already was. `ownerOnly`: only its customer.
     */
    async cancel(
      publicId: string,
      viewer: OrderViewer,
      options: { ownerOnly: boolean },
    ): Promise<OrderView> {
      const order = await orders.findByPublicId(publicId);
      const allowed =
        order !== undefined &&
        (options.ownerOnly
          ? viewer.customerId !== null && order.user_id === viewer.customerId
          : orderVisibleTo(order, viewer));
      if (!order || !allowed) throw new AppError('order_not_found');
      return cancelOrder(order);
    },

    /**
     * Cancels a pre-order for the back office (ADR 054): the customer's rules, payment
     * reversal, stock, credit note (naming the staff member and their reason) and email;
     * `by.onCancelled` writes the staff member's records in the cancelling transaction.
     * Answers the order (also when it already was cancelled: then `onCancelled` is not
     * called, as nothing changed); `order_not_found` when there is no such order.
     */
    async cancelByNumber(orderNumber: string, by: CancelledBy): Promise<OrderView> {
      const order = await orders.findByOrderNumber(orderNumber);
      if (!order) throw new AppError('order_not_found');
      return cancelOrder(order, by);
    },
  };
}

export type OrderHistory = ReturnType<typeof orderHistory>;
