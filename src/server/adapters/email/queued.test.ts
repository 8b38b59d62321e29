import { describe, expect, it } from 'vitest';
import {
  emailPayloadSchema,
  fromEmailPayload,
  queuedMailer,
  SEND_EMAIL_JOB,
  sendEmailJob,
  toEmailPayload,
} from './queued.ts';
import type { EmailMessage, Mailer } from './port.ts';
import type { JobQueue } from '../jobs/port.ts';

const message: EmailMessage = {
  to: 'ada@example.com',
  subject: 'Your VAT invoice',
  text: 'Attached.',
  html: '<p>Attached.</p>',
  attachments: [
    {
      filename: 'invoice-EB-1.pdf',
      contentType: 'application/pdf',
      content: Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff]),
    },
  ],
};

describe('the queued mailer', () => {
  it('queues the message as JSON (attachments base64) and the job sends it unchanged', async () => {
    const queued: [string, unknown][] = [];
    const queue = {
      enqueue: async (name: string, payload: unknown) => {
        queued.push([name, payload]);
        return 'id';
      },
    } as unknown as JobQueue;
    const sent: EmailMessage[] = [];
    const smtp: Mailer = { mode: 'smtp', send: async (m) => void sent.push(m) };
    const mailer = queuedMailer(queue, smtp);
    expect(mailer.mode).toBe('smtp');
    await mailer.send(message);
    expect(sent).toEqual([]);
    expect(queued).toHaveLength(1);
    const [name, payload] = queued[0]!;
    expect(name).toBe(SEND_EMAIL_JOB);
    // What the queue stores: plain JSON.
    const stored = JSON.parse(JSON.stringify(payload)) as unknown;
    expect(stored).toMatchObject({ attachments: [{ content_base64: 'JVBERgD/' }] });
    const job = sendEmailJob(smtp);
    await job.handle(job.schema.parse(stored), { id: 'id' });
    expect(sent).toEqual([message]);
  });

  it('keeps a message without html or attachments as it was', () => {
    const plain = { to: 'a@b.example', subject: 'Hi', text: 'Hello' };
    expect(fromEmailPayload(toEmailPayload(plain))).toEqual(plain);
  });

  it('refuses a payload of another shape (a job queued by another release)', () => {
    expect(emailPayloadSchema.safeParse({ recipient: 'a@b.example' }).success).toBe(false);
  });
});
