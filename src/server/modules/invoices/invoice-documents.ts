/**
 * Issued invoices and credit notes as documents (src/domain/vat-document.ts): every
 * figure from the stored rows, nothing repriced.
 */
import { pence } from '../../../domain/money.ts';
import type { DocumentLine, DocumentSeller, VatDocument } from '../../../domain/vat-document.ts';
import type { StoredAddress } from '../../db/schema.ts';
import type { CreditNoteRow, DocumentOrder, IssuedInvoiceRow } from './invoice.repository.ts';

/** The customer's name and address lines, as an order stored them. */
export function addressLines(address: StoredAddress | null): string[] {
  if (!address) return [];
  const name =
    address.full_name || [address.first_name, address.last_name].filter((part) => part).join(' ');
  return [
    name,
    address.company_name,
    address.line_1,
    address.line_2,
    address.line_3,
    address.line_4,
    address.postcode,
  ].filter((line): line is string => typeof line === 'string' && line.trim() !== '');
}

const asDate = (value: Date | string): Date => (value instanceof Date ? value : new Date(value));

/** An issued invoice: its items, then its delivery charge (when there is one). */
export function invoiceDocument(orderNumber: string, row: IssuedInvoiceRow): VatDocument {
  const lines: DocumentLine[] = row.lines.map((line) => ({
    description: line.promotion ? `${line.description} (free gift)` : line.description,
    sku: line.sku,
    quantity: line.quantity,
    unitPrice: pence(line.unit_price),
    gross: pence(line.gross),
    rateBp: line.rate_bp,
    tax: pence(line.tax),
  }));
  if (row.delivery_gross !== 0 || row.delivery_tax !== 0) {
    lines.push({
      description: 'Delivery',
      sku: null,
      quantity: null,
      unitPrice: null,
      gross: pence(row.delivery_gross),
      rateBp: row.delivery_rate_bp,
      tax: pence(row.delivery_tax),
    });
  }
  return {
    kind: 'invoice',
    number: row.invoice_number,
    issuedAt: asDate(row.issued_at),
    suppliedAt: asDate(row.supplied_at),
    orderNumber,
    invoiceNumber: null,
    seller: row.seller,
    customer: addressLines(row.customer),
    lines,
    taxExempt: row.tax_exempt,
    reason: null,
  };
}

/**
 * A completed refund as a credit note: its lines at their rates, the delivery charge
 * given back with the rest of its VAT (the reports' split, ADR 067), and any goodwill
 * amount outside VAT. `seller` stands in for refunds completed before migration 041.
 */
export function creditNoteDocument(
  order: DocumentOrder,
  row: CreditNoteRow,
  seller: DocumentSeller,
): VatDocument {
  const lines: DocumentLine[] = row.items.map((item) => ({
    description: item.name,
    sku: item.sku,
    quantity: item.quantity,
    unitPrice: null,
    gross: pence(item.amount),
    rateBp: item.tax_rate_bp,
    tax: pence(item.tax_amount),
  }));
  const itemsTax = row.items.reduce((sum, item) => sum + item.tax_amount, 0);
  if (row.delivery_amount > 0) {
    lines.push({
      description: 'Delivery',
      sku: null,
      quantity: null,
      unitPrice: null,
      gross: pence(row.delivery_amount),
      rateBp: row.delivery_rate_bp,
      tax: pence(row.tax_amount - itemsTax),
    });
  }
  if (row.goodwill_amount > 0) {
    lines.push({
      description: 'Goodwill payment',
      sku: null,
      quantity: null,
      unitPrice: null,
      gross: pence(row.goodwill_amount),
      rateBp: null,
      tax: pence(0),
    });
  }
  const created = asDate(row.created_at);
  return {
    kind: 'credit_note',
    number: row.credit_note_number,
    issuedAt: created,
    suppliedAt: created,
    orderNumber: order.order_number,
    invoiceNumber: row.invoice_number,
    seller: row.seller ?? seller,
    customer: addressLines(order.customer),
    lines,
    taxExempt: order.tax_exempt,
    reason: row.reason,
  };
}
