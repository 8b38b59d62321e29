/**
 * The default mailer: messages go to the outbox_emails table instead of an SMTP
 * server, readable in development (and by tests).
 */
import type { Db } from '../../db/client.ts';
import type { Mailer } from './port.ts';

export function outboxMailer(db: Db): Mailer {
  return {
    mode: 'outbox',
    async send(message) {
      await db
        .insertInto('outbox_emails')
        .values({
          to_address: message.to,
          subject: message.subject,
          text_body: message.text,
          html_body: message.html ?? null,
        })
        .execute();
    },
  };
}

export interface OutboxEmail {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: Date;
}

export function outboxReader(db: Db) {
  const select = () =>
    db
      .selectFrom('outbox_emails')
      .select(['id', 'to_address', 'subject', 'text_body', 'html_body', 'created_at'])
      .orderBy('id', 'desc');
  return {
    /** Newest first. */
    async list(options: { to?: string; limit?: number } = {}): Promise<OutboxEmail[]> {
      let query = select().limit(options.limit ?? 50);
      if (options.to) query = query.where('to_address', '=', options.to);
      return query.execute();
    },
    async latest(to: string): Promise<OutboxEmail | undefined> {
      return select().where('to_address', '=', to).limit(1).executeTakeFirst();
    },
  };
}
