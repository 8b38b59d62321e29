import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUMMY_TOKEN } from '../../adapters/captcha/port.ts';
import { outboxMailer } from '../../adapters/email/outbox.ts';
import { createTestApp, Shopper, type TestApp } from '../../testing/test-app.ts';

describe('development outbox', () => {
  let dev: TestApp;
  let production: TestApp;
  beforeAll(async () => {
    dev = await createTestApp('pglite', { devOutbox: true, publicUrl: 'http://localhost:3000' });
    production = await createTestApp('pglite', { devOutbox: false });
  });
  afterAll(async () => {
    await dev.close();
    await production.close();
  });

  it('shows the emails the shop sent, with clickable links, escaped', async () => {
    const shopper = new Shopper(dev.app);
    await shopper.post('/api/v1/auth/reset_password', {
      email: 'demo@example.com',
      'cf-turnstile-response': DUMMY_TOKEN,
    });
    const page = await shopper.get('/dev/outbox');
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('Reset your Everbloom password');
    expect(String(page.body)).toMatch(
      /<a href="http:\/\/localhost:3000\/login\/reset-password\?token=[A-Za-z0-9_-]+">/,
    );
    const json = await shopper.get('/api/v1/dev/outbox?to=demo@example.com');
    expect(json.body.data.emails[0].subject).toBe('Reset your Everbloom password');
  });

  it('lists the files an email was sent with, each downloadable (ADR 071)', async () => {
    const mailer = outboxMailer(dev.handle.db);
    await mailer.send({
      to: 'files@example.com',
      subject: 'With a file <b>',
      text: 'See attached.',
      attachments: [
        {
          filename: 'INV-000001.pdf',
          contentType: 'application/pdf',
          content: Buffer.from('%PDF-1.3'),
        },
      ],
    });
    const shopper = new Shopper(dev.app);
    const json = await shopper.get('/api/v1/dev/outbox?to=files@example.com');
    const [email] = json.body.data.emails;
    expect(email.attachments).toEqual([
      {
        filename: 'INV-000001.pdf',
        content_type: 'application/pdf',
        size: 8,
        url: `/dev/outbox/${email.id}/attachments/0`,
      },
    ]);
    const page = String((await shopper.get('/dev/outbox')).body);
    expect(page).toContain(`<a href="/dev/outbox/${email.id}/attachments/0">INV-000001.pdf</a>`);
    const file = await dev.app.inject({ method: 'GET', url: email.attachments[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.toString()).toBe('%PDF-1.3');
    for (const url of [`/dev/outbox/${email.id}/attachments/1`, '/dev/outbox/x/attachments/0']) {
      const missing = await shopper.get(url);
      expect(missing.status).toBe(404);
      expect(missing.body.error_type).toBe('not_found');
    }
  });

  it('does not exist in production', async () => {
    const shopper = new Shopper(production.app);
    expect((await shopper.get('/dev/outbox')).status).toBe(404);
    expect((await shopper.get('/api/v1/dev/outbox')).status).toBe(404);
    expect((await shopper.get('/dev/outbox/1/attachments/0')).status).toBe(404);
  });
});
