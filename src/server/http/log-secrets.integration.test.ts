/**
 * Logs keep no secrets through a complete journey: the pino output at the default level,
 * with request logging on, is captured while a shopper registers, signs in, fills a basket
 * with a full delivery address, pays with a test-mode nonce keeping the card, reads the
 * order, tracks it by number and email, lists stored cards and asks for a password reset
 * (and uses it) — and also fails some of those on purpose. The text must not hold the
 * password, bearer token, client token, nonce, reset token, card digits, street line,
 * postcode, telephone or the email address.
 */
import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUMMY_TOKEN } from '../adapters/captcha/port.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../testing/test-app.ts';

const CAPTCHA = 'cf-turnstile-response';
const EMAIL = 'journey.shopper@example.com';
const PASSWORD = 'correct-horse-battery-staple';
const NEW_PASSWORD = 'another-long-secret-phrase';
const NONCE = 'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce';
const ADDRESS = {
  delivery_address_title: 'Mrs',
  delivery_address_first_name: 'Ada',
  delivery_address_last_name: 'Lovelace',
  delivery_address_company_name: null,
  delivery_address_line_1: '10 Downing Street',
  delivery_address_line_2: null,
  delivery_address_line_3: 'London',
  delivery_address_line_4: 'Greater London',
  delivery_address_postcode: 'SW1A 2AA',
  delivery_address_country_code: 'GBR',
  delivery_address_telephone: '02079460000',
  delivery_address_mobile: '07700900123',
};

/** A browser that sends its bearer token once signed in. */
class Browser extends Shopper {
  token: string | null = null;
  override request<T = any>(options: Parameters<Shopper['request']>[0]) {
    return super.request<T>({
      ...options,
      headers: {
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...(options.headers ?? {}),
      },
    });
  }
}

describe.each(ENGINES)('secrets kept out of the logs through a journey on %s', (engine) => {
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const text of chunk.toString().split('\n'))
          if (text) lines.push(JSON.parse(text) as Record<string, unknown>);
        done();
      },
    });
    // Production's level (info): request and response lines are logged.
    t = await createTestApp(engine, { logger: pino({ level: 'info' }, stream) }, (app) => {
      // Unexpected database failures whose errors copy the shopper's data.
      const db = () => t.handle.db;
      app.post('/api/v1/test/missing-column', async () => {
        await sql`insert into users (email_address) values (${EMAIL})`.execute(db());
      });
      app.post('/api/v1/test/bad-value', async () => {
        await sql`select ${ADDRESS.delivery_address_postcode}::int`.execute(db());
      });
      app.post('/api/v1/test/wrapped', async () => {
        try {
          await sql`select ${ADDRESS.delivery_address_telephone}::date`.execute(db());
        } catch (error) {
          throw new Error('saving the address failed', { cause: error });
        }
      });
    });
  });
  afterAll(() => t.close());

  it('logs every request, and none of what the shopper or the shop must keep secret', async () => {
    const browser = new Browser(t.app);
    const secrets: string[] = [PASSWORD, NEW_PASSWORD, NONCE, EMAIL, 'journey.shopper'];

    const registered = await browser.post('/api/v1/auth/register', {
      first_name: 'Journey',
      last_name: 'Shopper',
      email: EMAIL,
      password: PASSWORD,
      [CAPTCHA]: DUMMY_TOKEN,
    });
    expect(registered.status).toBe(200);
    // A failed sign-in (wrong password) and a registration refused for a short password.
    const wrong = await new Shopper(t.app).post('/api/v1/auth/login', {
      email: EMAIL,
      password: `${PASSWORD}-wrong`,
      [CAPTCHA]: DUMMY_TOKEN,
    });
    expect(wrong.status).toBe(401);
    const login = await browser.post('/api/v1/auth/login', {
      email: EMAIL,
      password: PASSWORD,
      [CAPTCHA]: DUMMY_TOKEN,
    });
    expect(login.status).toBe(200);
    browser.token = login.body.data.token as string;
    secrets.push(browser.token);
    expect((await browser.post('/api/v1/basket/acquire')).status).toBe(200);

    expect((await browser.post('/api/v1/basket', { product_id: 2, quantity: 1 })).status).toBe(200);
    // Refused details (bad postcode) still carry the rest of the address in the body.
    const refused = await browser.put('/api/v1/basket/details', {
      ...ADDRESS,
      delivery_address_postcode: 'NOT A POSTCODE 10 Downing Street',
    });
    expect(refused.status).toBe(422);
    expect((await browser.put('/api/v1/basket/details', ADDRESS)).status).toBe(200);
    expect(
      (await browser.put('/api/v1/basket/delivery', { option_id: 'uk-standard' })).status,
    ).toBe(200);

    const clientToken = await browser.post('/api/v1/payments/token');
    expect(clientToken.status).toBe(200);
    secrets.push(clientToken.body.data.token as string);

    const placed = await browser.post('/api/v1/basket/order', {
      payment_method_nonce: NONCE,
      device_data: JSON.stringify({ correlation_id: 'c'.repeat(32) }),
      save_payment_method: true,
    });
    expect(placed.status).toBe(201);
    const publicId = placed.body.data.public_id as string;
    const read = await browser.get(`/api/v1/orders/${publicId}`);
    expect(read.status).toBe(200);
    const orderNumber = read.body.data.order.order_number as string;

    const tracked = await new Shopper(t.app).post('/api/v1/orders/track', {
      order_number: orderNumber,
      email_address: EMAIL,
    });
    expect(tracked.status).toBe(200);
    const notTracked = await new Shopper(t.app).post('/api/v1/orders/track', {
      order_number: orderNumber,
      email_address: 'someone.else@example.com',
    });
    expect(notTracked.status).toBe(422);

    const cards = await browser.get('/api/v1/payments/methods');
    expect(cards.status).toBe(200);
    expect(JSON.stringify(cards.body)).toContain('2701');

    expect(
      (
        await new Shopper(t.app).post('/api/v1/auth/reset_password', {
          email: EMAIL,
          [CAPTCHA]: DUMMY_TOKEN,
        })
      ).status,
    ).toBe(200);
    const email = await t.handle.db
      .selectFrom('outbox_emails')
      .select('text_body')
      .where('to_address', '=', EMAIL)
      .where('subject', '=', 'Reset your Everbloom password')
      .executeTakeFirstOrThrow();
    const resetToken = /token=([A-Za-z0-9_-]+)/.exec(email.text_body)?.[1] ?? '';
    expect(resetToken).not.toBe('');
    secrets.push(resetToken);
    expect(
      (await new Shopper(t.app).get(`/login/reset-password?token=${resetToken}`)).status,
    ).not.toBe(500);
    const reset = await new Shopper(t.app).post('/api/v1/auth/reset_password/confirm', {
      token: resetToken,
      password: NEW_PASSWORD,
    });
    expect(reset.status).toBe(200);

    // Requests were logged (so the search below searched something).
    const incoming = lines.filter((line) => line.msg === 'incoming request');
    expect(incoming.length).toBeGreaterThanOrEqual(15);
    expect(lines.some((line) => line.msg === 'request completed')).toBe(true);

    // pino's timestamp and the response time are the long numbers a line may hold.
    const text = lines
      .map(({ time: _time, responseTime: _responseTime, ...line }) => JSON.stringify(line))
      .join('\n');
    for (const secret of [
      ...secrets,
      '10 Downing Street',
      'Downing',
      'SW1A 2AA',
      'SW1A',
      '02079460000',
      '07700900123',
      '400000',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    // No card-number-like run of 12+ digits (a request id's last group may be all digits).
    expect(text).not.toMatch(/(?<![\w-])\d{12,}(?![\w-])/);
    expect(text.toLowerCase()).not.toContain(EMAIL);
  });

  it('logs unexpected database errors without the values they copy', async () => {
    const from = lines.length;
    for (const url of [
      '/api/v1/test/missing-column',
      '/api/v1/test/bad-value',
      '/api/v1/test/wrapped',
    ]) {
      expect((await new Shopper(t.app).post(url)).status, url).toBe(500);
    }
    const logged = lines.slice(from).filter((line) => line.msg === 'request failed');
    expect(logged).toHaveLength(3);
    // Still useful: which statement failed, and why.
    expect(logged[0]).toMatchObject({ err: { code: '23502', column: 'password_hash' } });
    expect(logged[1]).toMatchObject({
      err: { code: '22P02', message: expect.stringContaining('integer') },
    });
    expect(logged[2]).toMatchObject({
      err: { message: expect.stringContaining('saving the address failed') },
    });
    const text = JSON.stringify(logged);
    for (const value of [EMAIL, 'SW1A', '02079460000']) expect(text, value).not.toContain(value);
  });
});
