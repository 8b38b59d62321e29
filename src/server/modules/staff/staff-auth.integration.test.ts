/**
 * Staff sign-in (ADR 048): a password and a real TOTP code (otpauth), each code good
 * once; anything wrong one 401 `invalid_login`; rate limited like the customer login;
 * the session cookie HttpOnly, SameSite=Strict and Secure behind HTTPS; idle and
 * absolute expiry; logout ends the session. The demo staff sign in with the README's
 * details.
 */
import { hash } from '@node-rs/argon2';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../domain/staff.ts';
import { DEMO_STAFF, seedDemoStaff } from '../../db/seed/demo-staff.ts';
import type { Db } from '../../db/client.ts';
import { addStaff } from '../../testing/staff.ts';
import {
  appOnDatabase,
  createTestApp,
  ENGINES,
  Shopper,
  TEST_COOKIE_SECRET,
  type TestApp,
} from '../../testing/test-app.ts';
import { nextTotpCode, totpCode } from '../../testing/totp.ts';
import { LOGIN_LIMITS } from '../auth/auth.service.ts';
import { STAFF_COOKIE } from './staff-session.ts';
import { sealStaffTotpSecrets } from './seal-totp-secrets.ts';
import { newTotpSecret, staffTotpSecrets } from './totp.ts';

const PASSWORD = 'correct horse battery';
const INVALID = {
  error_type: 'invalid_login',
  message: 'The login details entered are incorrect.',
};

let counter = 0;
/** A new client address (each test's failures count against its own). */
const address = () => `198.51.100.${(counter = (counter % 250) + 1)}`;

/** A set-up staff member: password PASSWORD and a fresh TOTP secret. */
async function setUpStaff(db: Db, role: StaffRole = 'dispatcher') {
  const member = await addStaff(db, role);
  const secret = newTotpSecret();
  await db
    .updateTable('staff')
    .set({ password_hash: await hash(PASSWORD), totp_secret: secret })
    .where('id', '=', member.id)
    .execute();
  return { ...member, secret };
}

describe.each(ENGINES)('staff sign-in on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  const login = (browser: Shopper, body: unknown, remoteAddress = address()) =>
    browser.request({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      payload: body as object,
      remoteAddress,
    });
  const auditOf = (staffId: number) =>
    t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor', 'entity_type', 'entity_id', 'ip'])
      .where('staff_id', '=', staffId)
      .orderBy('id')
      .execute();

  it('signs in with the password and the authenticator’s code: a strict, HttpOnly session cookie', async () => {
    const member = await setUpStaff(t.handle.db);
    const browser = new Shopper(t.app);
    const from = address();
    const reply = await login(
      browser,
      { email: member.email.toUpperCase(), password: PASSWORD, code: totpCode(member.secret) },
      from,
    );
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      data: { staff: { email: member.email, name: member.name, role: 'dispatcher' } },
    });
    const cookie = String(reply.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${STAFF_COOKIE}=[A-Za-z0-9_-]{43};`));
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    const session = await browser.get('/api/v1/admin/auth/session');
    expect(session.status).toBe(200);
    expect(session.body.data.staff.email).toBe(member.email);
    expect(await auditOf(member.id)).toEqual([
      {
        action: 'staff.login',
        actor: member.email,
        entity_type: 'staff',
        entity_id: String(member.id),
        ip: from,
      },
    ]);
  });

  it('marks the cookie Secure when the shop runs behind HTTPS', async () => {
    const app = await appOnDatabase(t.handle.db, { secureCookies: true });
    try {
      const member = await setUpStaff(t.handle.db);
      const reply = await login(new Shopper(app), {
        email: member.email,
        password: PASSWORD,
        code: totpCode(member.secret),
      });
      expect(reply.status).toBe(200);
      expect(String(reply.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await app.close();
    }
  });

  it('answers anything wrong with the same invalid_login, setting no cookie', async () => {
    const member = await setUpStaff(t.handle.db);
    const good = () => ({ email: member.email, password: PASSWORD, code: totpCode(member.secret) });
    const wrongCode = String((Number(totpCode(member.secret)) + 500_000) % 1_000_000).padStart(
      6,
      '0',
    );
    const disabled = await setUpStaff(t.handle.db);
    await t.handle.db
      .updateTable('staff')
      .set({ disabled_at: new Date().toISOString() })
      .where('id', '=', disabled.id)
      .execute();
    const invited = await addStaff(t.handle.db, 'support');
    const attempts: [string, unknown][] = [
      ['unknown email', { ...good(), email: 'nobody@staff.test' }],
      ['wrong password', { ...good(), password: 'not the password' }],
      ['wrong code', { ...good(), code: wrongCode }],
      ['old code', { ...good(), code: totpCode(member.secret, Date.now() - 120_000) }],
      ['disabled', { email: disabled.email, password: PASSWORD, code: totpCode(disabled.secret) }],
      ['not set up', { email: invited.email, password: PASSWORD, code: '123456' }],
      ['no body', {}],
      ['wrong types', { email: ['x'], password: 12, code: 123456 }],
      ['code of letters', { ...good(), code: 'abcdef' }],
      ['over-long password', { ...good(), password: 'x'.repeat(300) }],
    ];
    for (const [label, body] of attempts) {
      const browser = new Shopper(t.app);
      const reply = await login(browser, body);
      expect({ label, status: reply.status, body: reply.body }).toEqual({
        label,
        status: 401,
        body: INVALID,
      });
      expect(browser.cookies.has(STAFF_COOKIE), label).toBe(false);
    }
    // Not JSON at all.
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '"just a string"',
    });
    expect(text.statusCode).toBe(401);
    // None of them signed in, nor used up the code.
    expect(await auditOf(member.id)).toEqual([]);
    expect((await login(new Shopper(t.app), good())).status).toBe(200);
  });

  it('accepts a code once: a replay is refused, even two sign-ins racing with one code', async () => {
    const member = await setUpStaff(t.handle.db);
    const body = { email: member.email, password: PASSWORD, code: totpCode(member.secret) };
    const racing = await Promise.all([
      login(new Shopper(t.app), body),
      login(new Shopper(t.app), body),
    ]);
    expect(racing.map((reply) => reply.status).sort()).toEqual([200, 401]);
    const replay = await login(new Shopper(t.app), body);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual(INVALID);
    // The next step's code (an app's next code) is accepted.
    const next = await login(new Shopper(t.app), { ...body, code: nextTotpCode(member.secret) });
    expect(next.status).toBe(200);
    expect((await auditOf(member.id)).map((row) => row.action)).toEqual([
      'staff.login',
      'staff.login',
    ]);
  });

  it('rate limits failed attempts as the customer login does: 429, even with the right details', async () => {
    const member = await setUpStaff(t.handle.db);
    const from = address();
    for (let i = 0; i < LOGIN_LIMITS.perAddressAndAccount; i++) {
      const reply = await login(
        new Shopper(t.app),
        { email: member.email, password: 'guess', code: '000000' },
        from,
      );
      expect(reply.status).toBe(401);
    }
    const limited = await login(
      new Shopper(t.app),
      { email: member.email, password: PASSWORD, code: totpCode(member.secret) },
      from,
    );
    expect(limited.status).toBe(429);
    expect(limited.body.error_type).toBe('rate_limit');
    // Another address is not locked out of the account.
    const elsewhere = await login(new Shopper(t.app), {
      email: member.email,
      password: PASSWORD,
      code: totpCode(member.secret),
    });
    expect(elsewhere.status).toBe(200);
  });

  it('ends a session unused for 30 minutes, or 12 hours old, and at sign-out', async () => {
    const signIn = async () => {
      const member = await setUpStaff(t.handle.db);
      const browser = new Shopper(t.app);
      const reply = await login(browser, {
        email: member.email,
        password: PASSWORD,
        code: totpCode(member.secret),
      });
      expect(reply.status).toBe(200);
      return { member, browser };
    };
    const sessionStatus = async (browser: Shopper) =>
      (await browser.get('/api/v1/admin/auth/session')).status;

    const idle = await signIn();
    await t.handle.db
      .updateTable('staff_sessions')
      .set({ last_seen_at: sql<string>`now() - interval '31 minutes'` })
      .where('staff_id', '=', idle.member.id)
      .execute();
    expect(await sessionStatus(idle.browser)).toBe(401);

    const old = await signIn();
    // Busy (seen a minute ago) but started over 12 hours ago.
    await sql`UPDATE staff_sessions SET created_at = now() - interval '12 hours 1 minute'
      WHERE staff_id = ${old.member.id}`.execute(t.handle.db);
    expect(await sessionStatus(old.browser)).toBe(401);

    const leaving = await signIn();
    const token = leaving.browser.cookies.get(STAFF_COOKIE) ?? '';
    const out = await leaving.browser.post('/api/v1/admin/auth/logout');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ data: { logged_out: true } });
    expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`^${STAFF_COOKIE}=;`));
    // The old token (a copy of the cookie) is worth nothing now.
    leaving.browser.cookies.set(STAFF_COOKIE, token);
    expect(await sessionStatus(leaving.browser)).toBe(401);
    expect((await auditOf(leaving.member.id)).map((row) => row.action)).toEqual([
      'staff.login',
      'staff.logout',
    ]);
    // Signing out while signed out is harmless.
    expect((await new Shopper(t.app).post('/api/v1/admin/auth/logout')).status).toBe(200);
  });

  it('says 401 for the session of a signed-out browser or a customer', async () => {
    const reply = await new Shopper(t.app).get('/api/v1/admin/auth/session');
    expect(reply.status).toBe(401);
    expect(reply.body.error_type).toBe('unauthorized');
  });

  it('cannot use a secret sealed under another COOKIE_SECRET: refused, and the log says why', async () => {
    const member = await setUpStaff(t.handle.db);
    // (with those of the tests before, still stored as they are)
    expect(
      await sealStaffTotpSecrets(t.handle.db, staffTotpSecrets(TEST_COOKIE_SECRET)),
    ).toBeGreaterThanOrEqual(1);
    const lines: { level: number; msg: string; staffId?: number }[] = [];
    const logger = pino(
      { level: 'warn' },
      {
        write: (line: string) => void lines.push(JSON.parse(line) as (typeof lines)[number]),
      },
    );
    const rotated = await appOnDatabase(t.handle.db, {
      cookieSecret: 'another-cookie-secret-of-at-least-32-chars',
      logger,
    });
    try {
      const reply = await new Shopper(rotated).request({
        method: 'POST',
        url: '/api/v1/admin/auth/login',
        payload: { email: member.email, password: PASSWORD, code: totpCode(member.secret) },
        remoteAddress: address(),
      });
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual(INVALID);
      const error = lines.find((line) => line.level === 50);
      expect(error?.msg).toMatch(/TOTP secret cannot be opened.*new set-up link/);
      expect(error?.staffId).toBe(member.id);
      expect(JSON.stringify(lines)).not.toContain(member.secret);
    } finally {
      await rotated.close();
    }
  });

  it('lets the demo staff sign in with the README’s passwords and secrets', async () => {
    expect(await seedDemoStaff(t.handle.db)).toBe(DEMO_STAFF.length);
    expect(await seedDemoStaff(t.handle.db)).toBe(0);
    for (const member of DEMO_STAFF) {
      const reply = await login(new Shopper(t.app), {
        email: member.email,
        password: member.password,
        code: totpCode(member.totpSecret),
      });
      expect(reply.status).toBe(200);
      expect(reply.body.data.staff).toEqual({
        email: member.email,
        name: member.name,
        role: member.role,
      });
    }
    // Sealed at the next start (ADR 075), they sign in the same.
    expect(await sealStaffTotpSecrets(t.handle.db, staffTotpSecrets(TEST_COOKIE_SECRET))).toBe(
      DEMO_STAFF.length,
    );
    for (const member of DEMO_STAFF) {
      const { totp_secret } = await t.handle.db
        .selectFrom('staff')
        .select('totp_secret')
        .where('email', '=', member.email)
        .executeTakeFirstOrThrow();
      expect(totp_secret).toMatch(/^v1\./);
      expect(totp_secret).not.toContain(member.totpSecret);
      const reply = await login(new Shopper(t.app), {
        email: member.email,
        password: member.password,
        code: nextTotpCode(member.totpSecret),
      });
      expect(reply.status).toBe(200);
    }
    expect(DEMO_STAFF.map((member) => [member.email, member.role])).toEqual([
      ['owner@everbloom.test', 'owner'],
      ['dispatch@everbloom.test', 'dispatcher'],
    ]);
  });
});
