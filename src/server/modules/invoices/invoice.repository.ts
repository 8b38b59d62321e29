/**
 * The only code that reads VAT invoices and credit notes (ADR 071), and issues an
 * invoice for a paid order that has none (paid before migration 041, or written by a
 * bulk fill). An invoice is issued with its order's payment (order.repository
 * complete); a credit note is a completed refund, numbered by the refund service.
 */
import { sql } from 'kysely';
import { SOLD_ORDER_STATUSES } from '../../../domain/order-status.ts';
import type { DocumentSeller } from '../../../domain/vat-document.ts';
import type { Db } from '../../db/client.ts';
import type { StoredAddress, StoredInvoiceLine, StoredSeller } from '../../db/schema.ts';
import { invoiceIssued } from './invoice-issue.ts';

/** An invoice as stored (read back through jsonb, its instants may be strings). */
export interface IssuedInvoiceRow {
  id: number;
  order_id: number;
  invoice_number: string;
  issued_at: Date | string;
  supplied_at: Date | string;
  seller: StoredSeller;
  customer: StoredAddress | null;
  lines: StoredInvoiceLine[];
  delivery_gross: number;
  delivery_tax: number;
  delivery_rate_bp: number;
  tax_exempt: boolean;
  gross: number;
  tax: number;
}

/** What access to an order's documents needs to know of it. */
export interface DocumentOrder {
  id: number;
  public_id: string;
  order_number: string;
  user_id: number | null;
  basket_id: string | null;
  status: string;
  customer: StoredAddress | null;
  tax_exempt: boolean;
}

/** A completed refund as its credit note prints it. */
export interface CreditNoteRow {
  id: number;
  credit_note_number: string;
  created_at: Date;
  amount: number;
  tax_amount: number;
  delivery_amount: number;
  goodwill_amount: number;
  reason: string;
  seller: StoredSeller | null;
  /** The rate the order's delivery VAT is at: its invoice's, else its option's now. */
  delivery_rate_bp: number;
  invoice_number: string | null;
  items: {
    name: string;
    sku: string;
    quantity: number;
    amount: number;
    tax_amount: number;
    tax_rate_bp: number;
  }[];
}

const paidStatuses = sql.join(SOLD_ORDER_STATUSES.map((status) => sql`${status}`));

export function invoiceRepository(db: Db) {
  const orderBy = (column: 'public_id' | 'order_number', value: string) =>
    db
      .selectFrom('orders')
      .select([
        'id',
        'public_id',
        'order_number',
        'user_id',
        'basket_id',
        'status',
        sql<StoredAddress | null>`coalesce(nullif(snapshot -> 'billing_address', 'null'::jsonb),
          nullif(snapshot -> 'delivery_address', 'null'::jsonb))`.as('customer'),
        sql<boolean>`coalesce((snapshot ->> 'tax_exempt')::boolean, false)`.as('tax_exempt'),
      ])
      .where(column, '=', value)
      .executeTakeFirst() as Promise<DocumentOrder | undefined>;

  return {
    orderByPublicId: (publicId: string) => orderBy('public_id', publicId),
    orderByNumber: (orderNumber: string) => orderBy('order_number', orderNumber),

    async invoiceOf(orderId: number): Promise<IssuedInvoiceRow | undefined> {
      return (await db
        .selectFrom('invoices')
        .selectAll()
        .where('order_id', '=', orderId)
        .executeTakeFirst()) as IssuedInvoiceRow | undefined;
    },

    /**
     * Issues the invoice of a paid order that has none, in one statement (the number
     * and the invoice commit together). Undefined when the order is not paid for or
     * already has one; a concurrent issue of the same order fails on the unique order
     * and gives its number back with its statement.
     */
    async issue(orderId: number, seller: DocumentSeller): Promise<IssuedInvoiceRow | undefined> {
      try {
        const { rows } = await sql<{ invoice: IssuedInvoiceRow | null }>`
          WITH due AS (
            SELECT o.* FROM orders o
            WHERE o.id = ${orderId} AND o.status IN (${paidStatuses})
              AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.order_id = o.id)
          ),
          ${invoiceIssued('due', seller)}
          SELECT (SELECT to_jsonb(v) FROM invoice_issued v) AS invoice
        `.execute(db);
        return rows[0]?.invoice ?? undefined;
      } catch (error) {
        if ((error as { code?: string }).code === '23505') return undefined;
        throw error;
      }
    },

    /** The order's credit notes (completed refunds), oldest first. */
    async creditNotes(orderId: number): Promise<CreditNoteRow[]> {
      const { rows } = await sql<CreditNoteRow>`
        SELECT r.id, r.credit_note_number, r.created_at, r.amount, r.tax_amount,
               r.delivery_amount, r.goodwill_amount, r.reason, r.seller,
               coalesce(inv.delivery_rate_bp, d.tax_rate_bp, 2000) AS delivery_rate_bp,
               inv.invoice_number,
               coalesce((
                 SELECT jsonb_agg(jsonb_build_object(
                          'name', i.name, 'sku', i.sku, 'quantity', ri.quantity,
                          'amount', ri.amount, 'tax_amount', ri.tax_amount,
                          'tax_rate_bp', i.tax_rate_bp) ORDER BY i.position)
                 FROM refund_items ri JOIN order_items i ON i.id = ri.order_item_id
                 WHERE ri.refund_id = r.id), '[]'::jsonb) AS items
        FROM refunds r
        JOIN orders o ON o.id = r.order_id
        LEFT JOIN invoices inv ON inv.order_id = o.id
        LEFT JOIN delivery_options d ON d.id = o.sales_delivery_option
        WHERE r.order_id = ${orderId} AND r.state = 'completed'
        ORDER BY r.id
      `.execute(db);
      return rows;
    },
  };
}

export type InvoiceRepository = ReturnType<typeof invoiceRepository>;
