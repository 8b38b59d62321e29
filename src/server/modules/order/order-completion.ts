/**
 * Ending a pending order, the one code path every way of learning a charge's outcome
 * takes (the order request itself, crash recovery, webhooks): paid (buds recorded,
 * basket ordered, confirmation email sent) or failed (stock put back). Each is one
 * statement guarded by `status = 'pending'`, so two processes learning the same outcome
 * complete the order once and send one email.
 */
import type { ErrorType } from '../../../domain/errors.ts';
import { AppError, errorCatalogue } from '../../../domain/errors.ts';
import type { Mailer } from '../../adapters/email/port.ts';
import type { PaidWith, ThreeDSecureOutcome } from '../../adapters/payments/port.ts';
import type { DocumentSeller } from '../../../domain/vat-document.ts';
import type { IssuedInvoiceRow } from '../invoices/invoice.repository.ts';
import type { InvoiceService } from '../invoices/invoice.service.ts';
import { orderConfirmationEmail } from './order-email.ts';
import type { OrderLinks } from './order-link.ts';
import { UNCONFIRMED_FAILURE, type OrderRecord, type OrderRepository } from './order.repository.ts';
import { orderView } from './order-view.ts';

export interface CompletionLog {
  error(object: object, message: string): void;
  info(object: object, message: string): void;
}

export { UNCONFIRMED_FAILURE };

/** Told each time this process ends an order (metrics, ADR 028). */
export interface OrderEvents {
  /**
   * An order was paid: how (a payment method type; 'unknown' when the gateway did not
   * say), or null when there was nothing to pay.
   */
  paid(paymentType: string | null): void;
  /** An order failed with this stored refusal type (payment_failed, unconfirmed…). */
  failed(type: string): void;
}

/** The catalogue error a failed order's stored refusal answers with. */
export function refusalError(type: string | null, message: string | null): AppError {
  if (type === 'payment_failed') {
    return new AppError('payment_failed', message ? { message } : {});
  }
  if (type === 'order_failed' || type === UNCONFIRMED_FAILURE) {
    // The spec fixes order_failed's message: the stored reason goes beside it.
    return new AppError('order_failed', message ? { detail: message } : {});
  }
  if (type !== null && type in errorCatalogue) return new AppError(type as ErrorType);
  return new AppError('order_failed');
}

export function orderCompletion(deps: {
  orders: OrderRepository;
  mailer: Mailer;
  log: CompletionLog;
  /** The shop's public address, for the link in the email. */
  publicUrl: string;
  /** Signs the email's "View your order" link. */
  orderLinks: OrderLinks;
  events?: OrderEvents;
  /**
   * Issues each order's VAT invoice as it is paid (ADR 071) and attaches it to the
   * confirmation; without it, invoices are issued when first asked for.
   */
  invoicing?: { seller: DocumentSeller; invoices: Pick<InvoiceService, 'invoiceAttachment'> };
}) {
  const { orders, mailer, log, events } = deps;

  /**
   * Sends the order's confirmation. Its 'email_sent' timeline entry was written with the
   * completion (one statement, ADR 054); a failed send adds 'email_failed' after it, so
   * staff see to resend it. Never throws: the order stands whatever happens to its email.
   */
  async function sendConfirmation(
    order: OrderRecord,
    invoice: IssuedInvoiceRow | null,
  ): Promise<void> {
    try {
      const link = deps.orderLinks.viewUrl(deps.publicUrl, order.public_id);
      const message = await orderConfirmationEmail(orderView(order), link);
      const attachments = invoice ? await invoiceAttachments(order, invoice) : [];
      await mailer.send(attachments.length > 0 ? { ...message, attachments } : message);
      return;
    } catch (error) {
      // The order stands; the email can be sent again by hand.
      log.error({ err: error, order: order.order_number }, 'order confirmation email failed');
    }
    try {
      await orders.recordEvent({
        orderId: order.id,
        kind: 'email_failed',
        summary: `Order confirmation could not be sent to ${order.email_address}`,
      });
    } catch (error) {
      log.error({ err: error, order: order.order_number }, 'order timeline not written');
    }
  }

  /** The invoice's PDF; none if it cannot be made (the email goes without it). */
  async function invoiceAttachments(order: OrderRecord, invoice: IssuedInvoiceRow) {
    if (!deps.invoicing) return [];
    try {
      return [await deps.invoicing.invoices.invoiceAttachment(order.order_number, invoice)];
    } catch (error) {
      log.error({ err: error, order: order.order_number }, 'invoice PDF not made');
      return [];
    }
  }

  return {
    /**
     * Marks the order paid (with how it was paid; null for a free order) and, when this
     * call did it, sends the confirmation. False when it was no longer pending.
     */
    async paid(
      order: Pick<OrderRecord, 'id'>,
      sale: {
        transactionId: string;
        paidWith: PaidWith | null;
        threeDSecure?: ThreeDSecureOutcome | null;
      } | null,
    ): Promise<boolean> {
      const done = await orders.complete(
        order.id,
        {
          transactionId: sale?.transactionId ?? null,
          type: sale?.paidWith?.type ?? null,
          cardType: sale?.paidWith?.cardType ?? null,
          lastFour: sale?.paidWith?.lastFour ?? null,
          threeDSecure: sale?.threeDSecure ?? null,
        },
        deps.invoicing?.seller,
      );
      if (!done) return false;
      events?.paid(sale ? (sale.paidWith?.type ?? 'unknown') : null);
      const { invoice, ...record } = done;
      await sendConfirmation(record, invoice);
      return true;
    },

    /** Marks the order failed with the refusal the shopper is told, putting its stock back. */
    async failed(
      order: Pick<OrderRecord, 'id'>,
      failure: { type: string; message: string; transactionId: string | null },
    ): Promise<boolean> {
      const done = await orders.fail(order.id, failure);
      if (done) events?.failed(failure.type);
      return done;
    },
  };
}

export type OrderCompletion = ReturnType<typeof orderCompletion>;
