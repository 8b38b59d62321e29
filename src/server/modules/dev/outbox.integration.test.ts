import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUMMY_TOKEN } from '../../adapters/captcha/port.ts';
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

  it('does not exist in production', async () => {
    const shopper = new Shopper(production.app);
    expect((await shopper.get('/dev/outbox')).status).toBe(404);
    expect((await shopper.get('/api/v1/dev/outbox')).status).toBe(404);
  });
});
