/**
 * The mailer the shop uses when jobs run (ADR 069): `send` queues a `send-email` job
 * whose payload is the message (attachments as base64), and the job hands it to the
 * real mailer (SMTP or the outbox), retried with backoff when that fails. Callers keep
 * calling `mailer.send` after their transaction commits; a failed SMTP server no
 * longer loses the email.
 */
import { z } from 'zod';
import type { JobDefinition, JobQueue } from '../jobs/port.ts';
import type { EmailMessage, Mailer } from './port.ts';

export const SEND_EMAIL_JOB = 'send-email';

/** The job's payload: the message as JSON. */
export const emailPayloadSchema = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string().optional(),
  attachments: z
    .array(
      z.object({
        filename: z.string().min(1),
        contentType: z.string().min(1),
        content_base64: z.base64(),
      }),
    )
    .optional(),
});

export type EmailPayload = z.infer<typeof emailPayloadSchema>;

/** The message as a job payload. */
export function toEmailPayload(message: EmailMessage): EmailPayload {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    ...(message.html === undefined ? {} : { html: message.html }),
    ...(message.attachments
      ? {
          attachments: message.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content_base64: file.content.toString('base64'),
          })),
        }
      : {}),
  };
}

/** The job payload back as a message. */
export function fromEmailPayload(payload: EmailPayload): EmailMessage {
  return {
    to: payload.to,
    subject: payload.subject,
    text: payload.text,
    ...(payload.html === undefined ? {} : { html: payload.html }),
    ...(payload.attachments
      ? {
          attachments: payload.attachments.map((file) => ({
            filename: file.filename,
            contentType: file.contentType,
            content: Buffer.from(file.content_base64, 'base64'),
          })),
        }
      : {}),
  };
}

/** The send-email job: hands the message to `mailer`; 6 attempts over about half an hour. */
export function sendEmailJob(mailer: Mailer): JobDefinition<typeof emailPayloadSchema> {
  return {
    schema: emailPayloadSchema,
    handle: (payload) => mailer.send(fromEmailPayload(payload)),
    retries: 5,
    retryDelaySeconds: 30,
    batchSize: 20,
    timeoutSeconds: 120,
  };
}

/** A Mailer that queues each message for `mailer` (whose mode it reports). */
export function queuedMailer(queue: JobQueue, mailer: Mailer): Mailer {
  return {
    mode: mailer.mode,
    async send(message) {
      await queue.enqueue(SEND_EMAIL_JOB, toEmailPayload(message));
    },
  };
}
