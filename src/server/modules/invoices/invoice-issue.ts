/**
 * Issuing an order's VAT invoice (ADR 071) as CTEs of a larger statement: the statement
 * that marks the order paid (order.repository complete) or, for an order paid without
 * one (before migration 041, or written by a bulk fill), the invoice repository's own.
 *
 * The number comes from the 'invoice' row of document_sequences, bumped in the same
 * statement that inserts the invoice: the row stays locked until that statement's
 * transaction commits, so concurrent orders take numbers one after another, and a
 * statement that fails gives its number back (gap-free). Every figure is copied from
 * the order's stored lines (order_items) and sales columns (migration 035), the ones
 * the reports sum, so the invoice and the reports agree to the penny.
 */
import { sql, type RawBuilder } from 'kysely';
import type { DocumentSeller } from '../../../domain/vat-document.ts';

/** The standard rate, for a delivery option since removed (as the reports assume). */
const DEFAULT_RATE_BP = 2000;

/**
 * CTEs `invoice_seq`, `invoice_lines` and `invoice_issued` issuing the invoice of each
 * order returned by the earlier CTE `source` (its full orders row), if any.
 */
export function invoiceIssued(source: string, seller: DocumentSeller): RawBuilder<unknown> {
  const from = sql.table(source);
  return sql`
    invoice_seq AS (
      UPDATE document_sequences SET last_used = last_used + 1
      WHERE kind = 'invoice' AND EXISTS (SELECT 1 FROM ${from})
      RETURNING last_used
    ),
    invoice_lines AS (
      SELECT coalesce(jsonb_agg(jsonb_build_object(
               'description', i.name, 'sku', i.sku, 'quantity', i.quantity,
               'unit_price', i.unit_price, 'gross', i.total_price, 'rate_bp', i.tax_rate_bp,
               'tax', i.tax_amount, 'promotion', i.is_promotion_item) ORDER BY i.position),
               '[]'::jsonb) AS lines,
             coalesce(sum(i.total_price), 0)::int AS gross,
             coalesce(sum(i.tax_amount), 0)::int AS tax
      FROM ${from} s JOIN order_items i ON i.order_id = s.id
    ),
    invoice_issued AS (
      INSERT INTO invoices (order_id, invoice_number, supplied_at, seller, customer, lines,
                            delivery_gross, delivery_tax, delivery_rate_bp, tax_exempt,
                            gross, tax)
      SELECT s.id,
             'INV-' || lpad(n.last_used::text, greatest(6, length(n.last_used::text)), '0'),
             coalesce(s.paid_at, s.created_at), ${JSON.stringify(seller)}::jsonb,
             coalesce(nullif(s.snapshot -> 'billing_address', 'null'::jsonb),
                      nullif(s.snapshot -> 'delivery_address', 'null'::jsonb)),
             l.lines,
             -- The delivery charge after discounts and its VAT: what the order took and
             -- its VAT, less its lines' (the reports' delivery VAT, ADR 067).
             s.amount + s.credit_used - l.gross, s.sales_tax - l.tax,
             coalesce(d.tax_rate_bp, ${sql.lit(DEFAULT_RATE_BP)}),
             coalesce((s.snapshot ->> 'tax_exempt')::boolean, false),
             s.amount + s.credit_used, s.sales_tax
      FROM ${from} s
      CROSS JOIN invoice_seq n
      CROSS JOIN invoice_lines l
      LEFT JOIN delivery_options d ON d.id = s.sales_delivery_option
      RETURNING *
    )`;
}
