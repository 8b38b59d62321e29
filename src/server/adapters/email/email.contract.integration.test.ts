/**
 * One contract for every Mailer: the outbox on each test engine, SMTP against a
 * local fake server (nodemailer's real protocol exchange, offline), and SMTP against
 * a real server when SMTP_URL is set (sending to SMTP_TEST_TO, else the sender
 * SMTP_FROM). Only the first two can read a message back; the real one is checked
 * for being accepted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.ts';
import { ENGINES, openTestDatabase } from '../../testing/test-app.ts';
import { parseMail, startFakeSmtpServer, type FakeSmtpServer } from './fake-smtp-server.ts';
import { outboxMailer, outboxReader } from './outbox.ts';
import type { EmailMessage, Mailer } from './port.ts';
import { smtpMailer } from './smtp.ts';

interface Delivered {
  subject: string;
  text: string | null;
  html: string | null;
}

interface Harness {
  mailer: Mailer;
  /** The last message delivered to `to`, when this implementation can read it back. */
  delivered?: (to: string) => Promise<Delivered | undefined>;
  close(): Promise<void>;
}

interface Implementation {
  name: string;
  skip: boolean;
  recipient: (local: string) => string;
  open(): Promise<Harness>;
}

const FROM = '"Everbloom" <hello@everbloom.test>';
const env = process.env;
const realFrom = env.SMTP_FROM ?? FROM;
const realTo = env.SMTP_TEST_TO ?? /<([^>]+)>/.exec(realFrom)?.[1] ?? realFrom;

const implementations: Implementation[] = [
  ...ENGINES.map((engine): Implementation => ({
    name: `outbox on ${engine}`,
    skip: false,
    recipient: (local) => `${local}@example.com`,
    async open() {
      const handle: DatabaseHandle = await openTestDatabase(engine);
      const reader = outboxReader(handle.db);
      return {
        mailer: outboxMailer(handle.db),
        async delivered(to) {
          const row = await reader.latest(to);
          return row && { subject: row.subject, text: row.text_body, html: row.html_body };
        },
        close: () => handle.close(),
      };
    },
  })),
  {
    name: 'SMTP against a local fake server',
    skip: false,
    recipient: (local) => `${local}@example.com`,
    async open() {
      const server: FakeSmtpServer = await startFakeSmtpServer();
      return {
        mailer: smtpMailer({ url: server.url, from: FROM }),
        async delivered(to) {
          const mail = server.received.findLast((received) => received.to.includes(to));
          if (!mail) return undefined;
          const parsed = parseMail(mail.data);
          expect(parsed.headers.to).toBe(to);
          return { subject: parsed.headers.subject ?? '', text: parsed.text, html: parsed.html };
        },
        close: () => server.close(),
      };
    },
  },
  {
    name: 'SMTP against SMTP_URL',
    skip: !env.SMTP_URL,
    recipient: () => realTo,
    async open() {
      return {
        mailer: smtpMailer({ url: env.SMTP_URL ?? '', from: realFrom }),
        close: async () => undefined,
      };
    },
  },
];

describe.each(implementations)('email contract: $name', (impl) => {
  describe.skipIf(impl.skip)('send', () => {
    let harness: Harness;
    beforeAll(async () => {
      harness = await impl.open();
    });
    afterAll(() => harness?.close());

    it('delivers a text message to its recipient', async () => {
      const message: EmailMessage = {
        to: impl.recipient('shopper.one'),
        subject: 'Your Everbloom sign-in code',
        // A line starting with a dot is dot-stuffed on the wire and must arrive intact.
        text: 'Your code is 123456.\n...and it expires in 10 minutes.',
      };
      await expect(harness.mailer.send(message)).resolves.toBeUndefined();
      if (!harness.delivered) return;
      expect(await harness.delivered(message.to)).toEqual({
        subject: message.subject,
        text: message.text,
        html: null,
      });
    });

    it('delivers the HTML alternative alongside the text', async () => {
      const message: EmailMessage = {
        to: impl.recipient('shopper.two'),
        subject: 'Reset your password',
        text: 'Open this link to choose a new password.',
        html: '<p>Open <a href="https://example.com/reset">this link</a>.</p>',
      };
      await harness.mailer.send(message);
      if (!harness.delivered) return;
      expect(await harness.delivered(message.to)).toEqual({
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    });

    it('keeps messages to different recipients apart', async () => {
      const first = impl.recipient('first.reader');
      const second = impl.recipient('second.reader');
      await harness.mailer.send({ to: first, subject: 'For the first', text: 'one' });
      await harness.mailer.send({ to: second, subject: 'For the second', text: 'two' });
      if (!harness.delivered) return;
      expect((await harness.delivered(first))?.subject).toBe('For the first');
      expect((await harness.delivered(second))?.subject).toBe('For the second');
      expect(await harness.delivered(impl.recipient('nobody'))).toBeUndefined();
    });
  });
});
