/**
 * Wire shapes of the back office's audit trail and dashboard (ADR 049): the schemas the
 * routes declare (and the OpenAPI document shows), and the types the pages read, inferred
 * from them. The web code imports the types only.
 */
import { z } from 'zod/mini';

const int = z.int();
const nullableText = z.nullable(z.string());

/** One audit record as staff read it. */
export const auditEntrySchema = z.object({
  id: int,
  /** When it was written (ISO 8601). */
  at: z.iso.datetime(),
  /** Who, as recorded at the time: the staff member's email, or 'cli'. */
  actor: z.string(),
  /** The staff member's account today; null for the command line. */
  staff: z.nullable(z.object({ email: z.string(), name: z.string() })),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.string(),
  /** The record's fields before and after the write, as JSON (never HTML). */
  before: z.unknown(),
  after: z.unknown(),
  reason: nullableText,
  ip: nullableText,
});
export type AuditEntryView = z.output<typeof auditEntrySchema>;

/** GET /api/v1/admin/audit: newest first; next_cursor fetches the page after. */
export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  next_cursor: nullableText,
});
export type AuditPageView = z.output<typeof auditPageSchema>;

/** GET /api/v1/admin/dashboard: what needs doing today. */
export const dashboardSchema = z.object({
  /** Orders paid today (a UK day) and what they took, in pence, before any refund. */
  today: z.object({ day: z.string(), orders: int, takings: int }),
  /** Paid orders with a line neither sent nor refunded. */
  awaiting_dispatch: int,
  /** Of those, the ones with a waiting pre-order line whose variation now has stock. */
  preorders_in_stock: int,
  /** Refunds to the payment waiting for the gateway's answer (ADR 081). */
  pending_refunds: int,
  /** Variations on sale with this few on hand or fewer (LOW_STOCK_THRESHOLD). */
  low_stock: int,
  low_stock_threshold: int,
});
export type DashboardView = z.output<typeof dashboardSchema>;
