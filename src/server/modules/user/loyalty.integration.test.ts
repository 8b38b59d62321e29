/** GET /api/v1/user/loyalty: a signed-in customer's own buds and their history. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DUMMY_TOKEN } from '../../adapters/captcha/port.ts';
import { createTestApp, ENGINES, Shopper, type TestApp } from '../../testing/test-app.ts';

describe.each(ENGINES)('buds history API on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  async function logIn(email: string, password: string) {
    const reply = await new Shopper(t.app).post('/api/v1/auth/login', {
      email,
      password,
      'cf-turnstile-response': DUMMY_TOKEN,
    });
    expect(reply.status).toBe(200);
    return reply.body.data.token as string;
  }
  const loyaltyOf = (token: string | null) =>
    new Shopper(t.app).request({
      method: 'GET',
      url: '/api/v1/user/loyalty',
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const userId = async (email: string) =>
    (
      await t.handle.db
        .selectFrom('users')
        .select('id')
        .where('email_address', '=', email)
        .executeTakeFirstOrThrow()
    ).id;

  it('gives the customer their balance and their own history, newest first', async () => {
    const demo = await userId('demo@example.com');
    const trade = await userId('trade@example.com');
    await t.handle.db
      .insertInto('loyalty_ledger')
      .values([
        {
          user_id: demo,
          change: 40,
          reason: 'Order EB-TEST-1',
          created_at: '2026-03-01T10:00:00.000Z',
        },
        {
          user_id: demo,
          change: -200,
          reason: 'Spent on order EB-TEST-2',
          created_at: '2026-03-02T10:00:00.000Z',
        },
        { user_id: trade, change: 75, reason: 'Order EB-TRADE-1' },
      ])
      .execute();

    const reply = await loyaltyOf(await logIn('demo@example.com', 'plants-demo'));

    expect(reply.status).toBe(200);
    const { balance, history } = reply.body.data;
    expect(balance).toBe(1250 + 40 - 200);
    expect(history.map((entry: { reason: string }) => entry.reason)).toEqual([
      'Welcome buds (demo)',
      'Spent on order EB-TEST-2',
      'Order EB-TEST-1',
    ]);
    expect(history[1]).toEqual({
      change: -200,
      reason: 'Spent on order EB-TEST-2',
      date: '2026-03-02T10:00:00.000Z',
    });
    expect(history[0]).toEqual({
      change: 1250,
      reason: 'Welcome buds (demo)',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });

    const other = await loyaltyOf(await logIn('trade@example.com', 'plants-trade'));
    expect(other.body.data).toEqual({
      balance: 75,
      history: [{ change: 75, reason: 'Order EB-TRADE-1', date: expect.any(String) }],
    });
  });

  it('refuses a guest and a token it does not know', async () => {
    for (const token of [null, 'forged-token-forged-token-forged']) {
      const reply = await loyaltyOf(token);
      expect(reply.status).toBe(401);
      expect(reply.body.error_type).toBe('unauthorized');
    }
  });
});
