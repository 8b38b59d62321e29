/**
 * The email port: sends a message. Adapters: SMTP through nodemailer (smtp.ts) and
 * an outbox table (outbox.ts), the default, readable in development.
 */

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (e.g. a VAT invoice PDF). */
  attachments?: { filename: string; contentType: string; content: Buffer }[];
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  send(message: EmailMessage): Promise<void>;
}
