/**
 * The back office's email previews (ADR 072): every email the shop sends, each shown with
 * sample data as its HTML and its plain text, and "Send me a test". The server declares its
 * routes with these schemas; the browser imports the types.
 */
import { z } from 'zod/mini';

/** How many test emails one staff member may send in an hour. */
export const TEST_EMAILS_PER_HOUR = 20;

export const emailSummarySchema = z.object({
  /** Kebab-case, e.g. order-confirmation. */
  id: z.string(),
  name: z.string(),
  /** When the shop sends it. */
  description: z.string(),
});

export const emailPreviewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  subject: z.string(),
  /** The whole HTML document, to be shown in a sandboxed frame (never in the page itself). */
  html: z.string(),
  /** The plain-text part. */
  text: z.string(),
});

export const emailTestSentSchema = z.object({
  /** The signed-in staff member's address. */
  sent_to: z.string(),
  subject: z.string(),
});

export type EmailSummary = z.infer<typeof emailSummarySchema>;
export type EmailPreviewView = z.infer<typeof emailPreviewSchema>;
export type EmailTestSent = z.infer<typeof emailTestSentSchema>;
