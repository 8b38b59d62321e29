/**
 * The reconciliation the order benchmark ends each shop's run with (ADR 071): every paid
 * order has its VAT invoice, each invoice's totals equal its order's (what it took, its
 * VAT) and its lines' (the order's stored lines, and the delivery), and the numbers run
 * from INV-000001 without a gap or a repeat.
 */
import { sql } from 'kysely';
import { SOLD_ORDER_STATUSES } from '../../src/domain/order-status.ts';
import type { DatabaseHandle } from '../../src/server/db/client.ts';

export interface InvoiceCheck {
  target: string;
  /** Orders paid for. */
  paidOrders: number;
  /** Of them, with an invoice. */
  invoiced: number;
  /** Invoices whose totals differ from their order's or their lines'. */
  mismatched: number;
  /** Whether the numbers are exactly 1…n (n the invoice sequence's last number). */
  gapFree: boolean;
  /** A few order numbers that failed, for diagnosis. */
  examples: string[];
}

const paid = sql.join(SOLD_ORDER_STATUSES.map((status) => sql`${status}`));

export async function reconcileInvoices(
  target: string,
  handle: DatabaseHandle,
): Promise<InvoiceCheck> {
  const { rows } = await sql<{
    paid_orders: string;
    invoiced: string;
    mismatched: string;
    examples: string[] | null;
  }>`
    WITH checked AS (
      SELECT o.order_number, i.id AS invoice_id,
             i.id IS NOT NULL
               AND i.gross = o.amount + o.credit_used
               AND i.tax = o.sales_tax
               AND i.gross = l.gross + i.delivery_gross
               AND i.tax = l.tax + i.delivery_tax
               AND l.gross = coalesce(items.gross, 0)
               AND l.tax = coalesce(items.tax, 0)
               AND l.count = coalesce(items.count, 0) AS ok
      FROM orders o
      LEFT JOIN invoices i ON i.order_id = o.id
      LEFT JOIN LATERAL (
        SELECT coalesce(sum((line ->> 'gross')::int), 0) AS gross,
               coalesce(sum((line ->> 'tax')::int), 0) AS tax, count(*) AS count
        FROM jsonb_array_elements(i.lines) AS line
      ) l ON true
      LEFT JOIN LATERAL (
        SELECT sum(total_price) AS gross, sum(tax_amount) AS tax, count(*) AS count
        FROM order_items WHERE order_id = o.id
      ) items ON true
      WHERE o.status IN (${paid})
    )
    SELECT count(*) AS paid_orders, count(invoice_id) AS invoiced,
           count(*) FILTER (WHERE invoice_id IS NOT NULL AND NOT ok) AS mismatched,
           (array_agg(order_number) FILTER (WHERE NOT ok))[1:5] AS examples
    FROM checked
  `.execute(handle.db);
  const { rows: numbers } = await sql<{
    count: string;
    low: number | null;
    high: number | null;
    last: string;
  }>`
    SELECT count(DISTINCT invoice_number) AS count,
           min(substr(invoice_number, 5)::bigint) AS low,
           max(substr(invoice_number, 5)::bigint) AS high,
           (SELECT last_used FROM document_sequences WHERE kind = 'invoice') AS last
    FROM invoices
  `.execute(handle.db);
  const row = rows[0]!;
  const n = numbers[0]!;
  const count = Number(n.count);
  return {
    target,
    paidOrders: Number(row.paid_orders),
    invoiced: Number(row.invoiced),
    mismatched: Number(row.mismatched),
    gapFree:
      count === 0 || (Number(n.low) === 1 && Number(n.high) === count && Number(n.last) === count),
    examples: row.examples ?? [],
  };
}

/** One line for the run's output. */
export function describeInvoiceCheck(check: InvoiceCheck): string {
  const ok = check.invoiced === check.paidOrders && check.mismatched === 0 && check.gapFree;
  return (
    `  ${check.target}: ${check.invoiced} of ${check.paidOrders} paid orders invoiced, ` +
    `${check.mismatched} not reconciling, numbers ${check.gapFree ? 'gap-free' : 'WITH GAPS'}: ` +
    (ok ? 'met' : `MISSED${check.examples.length ? ` (e.g. ${check.examples.join(', ')})` : ''}`)
  );
}

/** Whether the check passed. */
export const invoicesReconcile = (check: InvoiceCheck): boolean =>
  check.invoiced === check.paidOrders && check.mismatched === 0 && check.gapFree;
