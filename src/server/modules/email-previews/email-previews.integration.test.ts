/**
 * The back office's email previews (ADR 072): the list, each email's preview with sample
 * data (HTML escaped, text literal), "Send me a test" landing in the outbox with an audit
 * record, the hourly allowance, a failed send recording nothing, and the permission.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_EMAILS_PER_HOUR } from '../../../domain/api/admin-emails.ts';
import { outboxMailer, outboxReader } from '../../adapters/email/outbox.ts';
import type { EmailMessage } from '../../adapters/email/port.ts';
import { EMAILS } from '../../emails/catalogue.ts';
import { addStaff, signedInStaff, staffBrowser } from '../../testing/staff.ts';
import {
  appOnDatabase,
  ENGINES,
  openTestDatabase,
  Shopper,
  type TestDatabase,
} from '../../testing/test-app.ts';

describe.each(ENGINES)('email previews in the back office on %s', (engine) => {
  let handle: TestDatabase;
  let app: FastifyInstance;
  let manager: Shopper;
  let managerEmail: string;
  let failing = false;

  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    const outbox = outboxMailer(handle.db);
    app = await appOnDatabase(handle.db, {
      mailer: {
        mode: 'outbox',
        send: async (message: EmailMessage) => {
          if (failing) throw new Error('SMTP is down');
          await outbox.send(message);
        },
      },
    });
    const signedIn = await signedInStaff(app, handle.db, 'manager');
    manager = signedIn.browser;
    managerEmail = signedIn.member.email;
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
  });

  const auditOf = (entityId: string) =>
    handle.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'email')
      .where('entity_id', '=', entityId)
      .orderBy('id')
      .execute();

  it('lists every email the shop sends', async () => {
    const reply = await manager.get('/api/v1/admin/emails');
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const emails = (reply.body as { data: { emails: { id: string; name: string }[] } }).data.emails;
    expect(emails.map((e) => e.id)).toEqual(EMAILS.map((e) => e.id));
    expect(emails.map((e) => e.name)).toEqual(
      expect.arrayContaining([
        'Order confirmation',
        'Dispatch',
        'Refund',
        'Return started',
        'Password reset',
        'Back in stock',
        'Basket reminder',
      ]),
    );
  });

  it('previews each email with sample data: HTML escaped, text literal', async () => {
    for (const { id } of EMAILS) {
      const reply = await manager.get(`/api/v1/admin/emails/${id}`);
      expect(reply.status, id).toBe(200);
      const email = (
        reply.body as { data: { email: { subject: string; html: string; text: string } } }
      ).data.email;
      expect(email.subject.length, id).toBeGreaterThan(5);
      expect(email.html, id).toMatch(/^<!DOCTYPE html/);
      expect(email.html, id).toMatch(/&lt;[A-Z][a-z]+/);
      expect(email.text, id).toMatch(/<[A-Z][a-z]+/);
    }
    const confirmation = await manager.get('/api/v1/admin/emails/order-confirmation');
    expect(confirmation.body).toMatchObject({
      data: {
        email: {
          id: 'order-confirmation',
          subject: 'Your Everbloom order EB-7K3M9QX2',
          text: expect.stringContaining('1 × Peace Lily <Deluxe> & Pot: £34.99'),
          html: expect.stringContaining('1 × Peace Lily &lt;Deluxe&gt; &amp; Pot: £34.99'),
        },
      },
    });
  });

  it('answers 404 for an unknown email, whatever its id looks like', async () => {
    for (const id of ['no-such-email', 'ORDER', '..%2F..%2Fetc', 'a'.repeat(100)]) {
      const preview = await manager.get(`/api/v1/admin/emails/${id}`);
      expect(preview.status, id).toBe(404);
      expect(preview.body).toMatchObject({ error_type: 'not_found' });
      const test = await manager.post(`/api/v1/admin/emails/${id}/test`, {});
      expect(test.status, id).toBe(404);
    }
  });

  it('sends a test to the signed-in staff member, into the outbox, with an audit record', async () => {
    const reply = await manager.post('/api/v1/admin/emails/dispatch/test', {});
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      data: {
        sent_to: managerEmail,
        subject: '[Test] Part of your Everbloom order EB-7K3M9QX2 is on its way',
      },
    });
    const mail = await outboxReader(handle.db).latest(managerEmail);
    expect(mail?.subject).toBe('[Test] Part of your Everbloom order EB-7K3M9QX2 is on its way');
    expect(mail?.text_body).toContain('Carrier: Royal Mail');
    expect(mail?.html_body).toContain('1 × Peace Lily &lt;Deluxe&gt; &amp; Pot');
    const [audit, ...more] = await auditOf('dispatch');
    expect(more).toEqual([]);
    expect(audit).toMatchObject({ action: 'email.test', actor: managerEmail });
    expect(audit?.after).toMatchObject({ to: managerEmail, subject: mail?.subject });
  });

  it(`allows ${TEST_EMAILS_PER_HOUR} tests an hour per staff member, then answers 429`, async () => {
    const member = await addStaff(handle.db, 'owner');
    const owner = await staffBrowser(app, handle.db, member);
    for (let i = 0; i < TEST_EMAILS_PER_HOUR; i += 1) {
      expect((await owner.post('/api/v1/admin/emails/refund/test', {})).status).toBe(201);
    }
    const refused = await owner.post('/api/v1/admin/emails/refund/test', {});
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ error_type: 'rate_limit' });
    expect(await outboxReader(handle.db).list({ to: member.email })).toHaveLength(
      TEST_EMAILS_PER_HOUR,
    );
    // Another staff member's allowance is their own.
    expect((await manager.post('/api/v1/admin/emails/refund/test', {})).status).toBe(201);
  });

  it('records nothing when the send fails, and says so', async () => {
    const before = await auditOf('password-reset');
    failing = true;
    try {
      const reply = await manager.post('/api/v1/admin/emails/password-reset/test', {});
      expect(reply.status).toBe(503);
      expect(reply.body).toMatchObject({ error_type: 'service_unavailable' });
    } finally {
      failing = false;
    }
    expect(await auditOf('password-reset')).toEqual(before);
  });

  it('refuses without a staff session (401) and without emails.preview (403)', async () => {
    const anonymous = new Shopper(app);
    const support = (await signedInStaff(app, handle.db, 'support')).browser;
    for (const [browser, status] of [
      [anonymous, 401],
      [support, 403],
    ] as const) {
      expect((await browser.get('/api/v1/admin/emails')).status).toBe(status);
      expect((await browser.get('/api/v1/admin/emails/refund')).status).toBe(status);
      expect((await browser.post('/api/v1/admin/emails/refund/test', {})).status).toBe(status);
    }
    expect(await auditOf('refund')).toHaveLength(TEST_EMAILS_PER_HOUR + 1);
  });
});
