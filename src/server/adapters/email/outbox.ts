/**
 * The default mailer: messages go to the outbox_emails table instead of an SMTP
 * server, readable in development (the outbox page) and by tests.
 */
import type { Selectable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { OutboxEmailsTable } from '../../db/schema.ts';
import type { Mailer } from './port.ts';

export type OutboxEmail = Selectable<OutboxEmailsTable>;

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
          attachments: message.attachments?.length
            ? JSON.stringify(
                message.attachments.map((file) => ({
                  filename: file.filename,
                  content_type: file.contentType,
                  size: file.content.length,
                  content: file.content.toString('base64'),
                })),
              )
            : null,
        })
        .execute();
    },
  };
}

export interface OutboxReader {
  /** Newest first, optionally only those sent to one address. */
  list(options?: { to?: string; limit?: number }): Promise<OutboxEmail[]>;
  /** The last message sent to `to`, if any. */
  latest(to: string): Promise<OutboxEmail | undefined>;
  /** One message by its id. */
  get(id: number): Promise<OutboxEmail | undefined>;
}

export function outboxReader(db: Db): OutboxReader {
  // The serial id, not created_at: messages sent in one transaction share a timestamp.
  const newestFirst = () =>
    db
      .selectFrom('outbox_emails')
      .select([
        'id',
        'to_address',
        'subject',
        'text_body',
        'html_body',
        'attachments',
        'created_at',
      ])
      .orderBy('id', 'desc');
  return {
    async list({ to, limit = 50 } = {}) {
      let query = newestFirst().limit(limit);
      if (to !== undefined) query = query.where('to_address', '=', to);
      return query.execute();
    },
    async latest(to) {
      return newestFirst().where('to_address', '=', to).limit(1).executeTakeFirst();
    },
    async get(id) {
      return newestFirst().where('id', '=', id).executeTakeFirst();
    },
  };
}
