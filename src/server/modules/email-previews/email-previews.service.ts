/**
 * The back office's email previews (ADR 072): the list of every email the shop sends,
 * each one rendered with its sample data, and "Send me a test" — the sample, subject
 * marked [Test], to the signed-in staff member's own address, at most
 * TEST_EMAILS_PER_HOUR an hour each, recorded in the audit trail.
 */
import {
  TEST_EMAILS_PER_HOUR,
  type EmailPreviewView,
  type EmailSummary,
  type EmailTestSent,
} from '../../../domain/api/admin-emails.ts';
import { AppError } from '../../../domain/errors.ts';
import type { Mailer } from '../../adapters/email/port.ts';
import type { Db } from '../../db/client.ts';
import { EMAILS, emailById } from '../../emails/catalogue.ts';
import type { EmailPreview } from '../../emails/template.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { RateLimitRepository } from '../auth/rate-limit.repository.ts';
import type { StaffActor } from '../staff/staff-actor.ts';

/** The address the previews are shown as sent to. */
const PREVIEW_TO = 'customer@example.com';
const HOUR_S = 3_600;

export function emailPreviewsService(deps: {
  db: Db;
  mailer: Mailer;
  rateLimits: Pick<RateLimitRepository, 'hit'>;
  log: { error(details: object, message: string): void };
}) {
  const find = (id: string): EmailPreview => {
    const email = emailById(id);
    if (!email) throw new AppError('not_found');
    return email;
  };

  return {
    list(): EmailSummary[] {
      return EMAILS.map(({ id, name, description }) => ({ id, name, description }));
    },

    async preview(id: string): Promise<EmailPreviewView> {
      const email = find(id);
      const message = await email.sample(PREVIEW_TO);
      return {
        id: email.id,
        name: email.name,
        description: email.description,
        subject: message.subject,
        html: message.html ?? '',
        text: message.text,
      };
    },

    /** Sends the sample to `actor`'s own address; 429 `rate_limit` past the hour's allowance. */
    async sendTest(actor: StaffActor, id: string): Promise<EmailTestSent> {
      const email = find(id);
      const hits = await deps.rateLimits.hit(`email-test:staff:${actor.staffId}`, HOUR_S);
      if (hits > TEST_EMAILS_PER_HOUR) throw new AppError('rate_limit');
      const sample = await email.sample(actor.label);
      const message = { ...sample, subject: `[Test] ${sample.subject}` };
      // Sent first, as the resend of a confirmation is (ADR 054): a failed send records
      // nothing and the staff member is told.
      try {
        await deps.mailer.send(message);
      } catch (error) {
        deps.log.error({ err: error, email: id }, 'test email could not be sent');
        throw new AppError('service_unavailable');
      }
      await deps.db.transaction().execute((trx) =>
        recordAudit(trx, actor, {
          action: 'email.test',
          entityType: 'email',
          entityId: id,
          after: { to: message.to, subject: message.subject },
        }),
      );
      return { sent_to: message.to, subject: message.subject };
    },
  };
}

export type EmailPreviewsService = ReturnType<typeof emailPreviewsService>;
