/**
 * The back office's failed background jobs (ADR 069): GET /api/v1/admin/jobs/dead-letters
 * and POST /api/v1/admin/jobs/dead-letters/{id}/retry. Wire types inferred from them.
 */
import { z } from 'zod/mini';

const isoDate = z.iso.datetime();

/** A job that used its last attempt, or whose payload no longer fits its handler. */
export const deadLetterSchema = z.object({
  id: z.string(),
  /** The kind of job: send-email, housekeeping, stock-alerts, pending-orders, basket-reminder. */
  name: z.string(),
  /** What it was for, without its content (an email's recipient and subject). */
  summary: z.string(),
  /** The last attempt's error. */
  reason: z.string(),
  attempts: z.int(),
  created_at: isoDate,
  failed_at: isoDate,
});

/** Newest failure first; next_cursor fetches the page after. */
export const deadLetterPageSchema = z.object({
  jobs: z.array(deadLetterSchema),
  next_cursor: z.nullable(z.string()),
});

export const jobRetrySchema = z.object({ id: z.string(), queued: z.boolean() });

export type DeadLetterView = z.output<typeof deadLetterSchema>;
export type DeadLetterPage = z.output<typeof deadLetterPageSchema>;
