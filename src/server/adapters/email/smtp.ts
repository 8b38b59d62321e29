/**
 * Sends mail through an SMTP server (nodemailer). Errors propagate: the caller
 * decides whether a message that could not be sent fails the request.
 */
import nodemailer from 'nodemailer';
import type { Mailer } from './port.ts';

export interface SmtpOptions {
  /** e.g. smtp://user:pass@smtp.example.com:587 or smtps://…:465 (nodemailer's URL form). */
  url: string;
  /** The sender, e.g. '"Everbloom" <hello@everbloom.co.uk>'. */
  from: string;
  /**
   * Connection, greeting and idle limits unless the URL sets its own
   * (?connectionTimeout=…): nodemailer's defaults would hold a request for minutes.
   */
  timeoutMs?: number;
}

const TIMEOUT_PARAMS = ['connectionTimeout', 'greetingTimeout', 'socketTimeout'] as const;

function transportFor(url: string, timeoutMs: number) {
  const withTimeouts = new URL(url);
  for (const param of TIMEOUT_PARAMS)
    if (!withTimeouts.searchParams.has(param))
      withTimeouts.searchParams.set(param, String(timeoutMs));
  return nodemailer.createTransport(withTimeouts.toString());
}

export function smtpMailer({ url, from, timeoutMs = 10_000 }: SmtpOptions): Mailer {
  const transport = transportFor(url, timeoutMs);
  return {
    mode: 'smtp',
    async send({ to, subject, text, html, attachments }) {
      await transport.sendMail({
        from,
        to,
        subject,
        text,
        ...(html === undefined ? {} : { html }),
        ...(attachments?.length
          ? {
              attachments: attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                content: file.content,
              })),
            }
          : {}),
      });
    },
  };
}
