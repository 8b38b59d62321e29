/**
 * VAT invoices and credit notes as PDFs (ADR 071), for whoever may read the order (the
 * shop: the same viewers as GET /orders/{public_id}; the back office: orders.read), and
 * as email attachments. An order paid without an invoice (before migration 041) has one
 * issued on first request; an order not paid for has none (invoice_not_available).
 */
import { AppError } from '../../../domain/errors.ts';
import { SOLD_ORDER_STATUSES } from '../../../domain/order-status.ts';
import type { DocumentSeller, VatDocument } from '../../../domain/vat-document.ts';
import type { EmailMessage } from '../../adapters/email/port.ts';
import { creditNoteDocument, invoiceDocument } from './invoice-documents.ts';
import { renderVatDocument } from './invoice-pdf.ts';
import type { DocumentOrder, InvoiceRepository, IssuedInvoiceRow } from './invoice.repository.ts';

/** Who asks for an order's document in the shop (as for the order itself). */
export interface DocumentViewer {
  customerId: number | null;
  /** Orders this browser placed or tracked, or opened with the email's link. */
  visibleIds: readonly string[];
  basketId: string | null;
}

/** A rendered document. */
export interface DocumentFile {
  filename: string;
  content: Buffer;
}

type Attachment = NonNullable<EmailMessage['attachments']>[number];

const isPaid = (status: string) => (SOLD_ORDER_STATUSES as readonly string[]).includes(status);

/** The file name a document downloads as: INV-000001.pdf. */
const fileOf = async (document: VatDocument): Promise<DocumentFile> => ({
  filename: `${document.number}.pdf`,
  content: await renderVatDocument(document),
});

export function invoiceService(deps: { invoices: InvoiceRepository; seller: DocumentSeller }) {
  const { invoices, seller } = deps;

  function visibleTo(order: DocumentOrder, viewer: DocumentViewer): boolean {
    return (
      viewer.visibleIds.includes(order.public_id) ||
      (viewer.customerId !== null && order.user_id === viewer.customerId) ||
      (viewer.basketId !== null && order.basket_id === viewer.basketId)
    );
  }

  async function shopOrder(publicId: string, viewer: DocumentViewer): Promise<DocumentOrder> {
    const order = await invoices.orderByPublicId(publicId);
    // Another customer's order answers as a missing one, as the order itself does.
    if (!order || !visibleTo(order, viewer)) throw new AppError('order_not_found');
    return order;
  }

  async function staffOrder(orderNumber: string): Promise<DocumentOrder> {
    const order = await invoices.orderByNumber(orderNumber);
    // As the back office's order page answers an unknown number.
    if (!order) throw new AppError('not_found');
    return order;
  }

  /** The order's invoice, issued now if it was paid without one. */
  async function invoiceRow(order: DocumentOrder): Promise<IssuedInvoiceRow> {
    const issued =
      (await invoices.invoiceOf(order.id)) ??
      (isPaid(order.status) ? await invoices.issue(order.id, seller) : undefined) ??
      // Issued by a concurrent request in the meantime.
      (await invoices.invoiceOf(order.id));
    if (!issued) throw new AppError('invoice_not_available');
    return issued;
  }

  async function creditNote(order: DocumentOrder, number: string): Promise<VatDocument> {
    const row = (await invoices.creditNotes(order.id)).find(
      (note) => note.credit_note_number === number,
    );
    if (!row) throw new AppError('not_found', { message: 'There is no such credit note.' });
    return creditNoteDocument(order, row, seller);
  }

  const attachment = (file: DocumentFile): Attachment => ({
    filename: file.filename,
    contentType: 'application/pdf',
    content: file.content,
  });

  return {
    /** GET /orders/{public_id}/invoice. */
    async invoiceForShopper(publicId: string, viewer: DocumentViewer): Promise<DocumentFile> {
      const order = await shopOrder(publicId, viewer);
      return fileOf(invoiceDocument(order.order_number, await invoiceRow(order)));
    },

    /** GET /orders/{public_id}/credit-notes/{number}. */
    async creditNoteForShopper(
      publicId: string,
      number: string,
      viewer: DocumentViewer,
    ): Promise<DocumentFile> {
      const order = await shopOrder(publicId, viewer);
      return fileOf(await creditNote(order, number));
    },

    /** GET /admin/orders/{order_number}/invoice (orders.read). */
    async invoiceForStaff(orderNumber: string): Promise<DocumentFile> {
      const order = await staffOrder(orderNumber);
      return fileOf(invoiceDocument(order.order_number, await invoiceRow(order)));
    },

    /** GET /admin/orders/{order_number}/credit-notes/{number} (orders.read). */
    async creditNoteForStaff(orderNumber: string, number: string): Promise<DocumentFile> {
      return fileOf(await creditNote(await staffOrder(orderNumber), number));
    },

    /** The credit note numbers of an order, oldest first (for links). */
    async creditNoteNumbers(orderId: number): Promise<string[]> {
      return (await invoices.creditNotes(orderId)).map((note) => note.credit_note_number);
    },

    /**
     * The confirmation email's attachment: the invoice its completion issued (no
     * further statement), rendered.
     */
    async invoiceAttachment(orderNumber: string, row: IssuedInvoiceRow): Promise<Attachment> {
      return attachment(await fileOf(invoiceDocument(orderNumber, row)));
    },

    /** The refund email's attachment: its credit note, rendered. */
    async creditNoteAttachment(orderNumber: string, number: string): Promise<Attachment> {
      return attachment(await fileOf(await creditNote(await staffOrder(orderNumber), number)));
    },
  };
}

export type InvoiceService = ReturnType<typeof invoiceService>;
