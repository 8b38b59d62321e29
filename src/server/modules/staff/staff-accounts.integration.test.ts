/**
 * Staff accounts and set-up links (ADR 048): an owner adds an account and gets its
 * one-time link; the link shows the authenticator secret (text, URI, QR code), takes a
 * password and a first code, signs in, and then is spent; it expires after 72 hours; a
 * new link resets a locked-out member. Role changes and disabling are audited (no
 * secrets), and the shop always keeps an active owner.
 */
import { hash } from '@node-rs/argon2';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../../domain/staff.ts';
import { addStaff, signedInStaff, staffBrowser } from '../../testing/staff.ts';
import {
  createTestApp,
  ENGINES,
  Shopper,
  TEST_COOKIE_SECRET,
  type TestApp,
} from '../../testing/test-app.ts';
import { nextTotpCode, totpCode } from '../../testing/totp.ts';
import { COMMAND_LINE } from './staff-actor.ts';
import { SELF_CHANGE_MESSAGE, staffAccountsService } from './staff-accounts.service.ts';
import { SETUP_CODE_WRONG, SETUP_LINK_INVALID } from './staff-auth.service.ts';
import { staffTotpSecrets } from './totp.ts';
import { STAFF_COOKIE } from './staff-session.ts';

const PUBLIC_URL = 'https://shop.example';
const PASSWORD = 'a good long password';

describe.each(ENGINES)('staff accounts and set-up links on %s', (engine) => {
  let t: TestApp;
  let owner: Shopper;
  let ownerId: number;
  beforeAll(async () => {
    t = await createTestApp(engine, { publicUrl: PUBLIC_URL });
    const signedIn = await signedInStaff(t.app, t.handle.db, 'owner');
    owner = signedIn.browser;
    ownerId = signedIn.member.id;
    await setPassword(ownerId);
  });
  afterAll(() => t.close());

  let counter = 0;
  const newEmail = () => `new-${engine}-${++counter}-${Date.now()}@staff.test`;
  /** Marks an account as set up (an active owner counts only once set up). */
  async function setPassword(staffId: number) {
    await t.handle.db
      .updateTable('staff')
      .set({ password_hash: await hash(PASSWORD), totp_secret: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ' })
      .where('id', '=', staffId)
      .execute();
  }
  const tokenOf = (url: string) => url.split('/').pop() ?? '';
  const auditRows = (entityId: number) =>
    t.handle.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id', 'before', 'after'])
      .where('entity_type', '=', 'staff')
      .where('entity_id', '=', String(entityId))
      .orderBy('id')
      .execute();
  const create = (role: StaffRole, email = newEmail(), name = 'Sam Staff') =>
    owner.post('/api/v1/admin/staff', { email, name, role });

  it('adds an account whose one-time link sets it up and signs in', async () => {
    const email = newEmail();
    const created = await create('support', email.toUpperCase(), '  Sam Support ');
    expect(created.status).toBe(201);
    const { staff, setup_url: url } = created.body.data;
    expect(staff).toMatchObject({ email, name: 'Sam Support', role: 'support', status: 'invited' });
    expect(new Date(staff.setup_expires_at).getTime() - Date.now()).toBeGreaterThan(71.9 * 3.6e6);
    expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/admin/setup/[A-Za-z0-9_-]{43}$`));
    const token = tokenOf(url);

    const visitor = new Shopper(t.app);
    const shown = await visitor.get(`/api/v1/admin/auth/setup/${token}`);
    expect(shown.status).toBe(200);
    const view = shown.body.data;
    expect(view).toMatchObject({ email, name: 'Sam Support' });
    expect(view.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(view.otpauth_uri).toContain(`otpauth://totp/`);
    expect(view.otpauth_uri).toContain(`secret=${view.secret}`);
    expect(view.otpauth_uri).toContain('period=30');
    expect(view.qr_svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    // A wrong code says so on the code field, and spends nothing.
    const wrong = await visitor.post(`/api/v1/admin/auth/setup/${token}`, {
      password: PASSWORD,
      code: totpCode(view.secret, Date.now() - 300_000),
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ code: [SETUP_CODE_WRONG] });
    const weak = await visitor.post(`/api/v1/admin/auth/setup/${token}`, {
      password: 'abc',
      code: totpCode(view.secret),
    });
    expect(weak.status).toBe(422);
    expect(Object.keys(weak.body.errors)).toEqual(['password']);

    const done = await visitor.post(`/api/v1/admin/auth/setup/${token}`, {
      password: PASSWORD,
      code: totpCode(view.secret),
    });
    expect(done.status).toBe(200);
    expect(done.body.data.staff).toEqual({ email, name: 'Sam Support', role: 'support' });
    expect(visitor.cookies.get(STAFF_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await visitor.get('/api/v1/admin/auth/session')).status).toBe(200);

    // The link is spent.
    for (const reply of [
      await visitor.get(`/api/v1/admin/auth/setup/${token}`),
      await visitor.post(`/api/v1/admin/auth/setup/${token}`, {
        password: PASSWORD,
        code: nextTotpCode(view.secret),
      }),
    ]) {
      expect(reply.status).toBe(404);
      expect(reply.body).toMatchObject({ error_type: 'not_found', message: SETUP_LINK_INVALID });
    }
    // The set-up's code is spent too; the app's next one signs in.
    const login = (code: string) =>
      new Shopper(t.app).request({
        method: 'POST',
        url: '/api/v1/admin/auth/login',
        payload: { email, password: PASSWORD, code },
        remoteAddress: '203.0.113.9',
      });
    expect((await login(totpCode(view.secret))).status).toBe(401);
    expect((await login(nextTotpCode(view.secret))).status).toBe(200);

    const listed = await owner.get('/api/v1/admin/staff');
    expect(listed.status).toBe(200);
    expect(listed.body.data.staff.find((row: { email: string }) => row.email === email)).toEqual({
      id: staff.id,
      email,
      name: 'Sam Support',
      role: 'support',
      status: 'active',
      created_at: staff.created_at,
      setup_expires_at: null,
    });
    const audit = await auditRows(staff.id);
    expect(audit.map((row) => [row.action, row.staff_id])).toEqual([
      ['staff.create', ownerId],
      ['staff.setup', staff.id],
      ['staff.login', staff.id],
    ]);
    expect(audit[0]?.after).toEqual({
      email,
      name: 'Sam Support',
      role: 'support',
      status: 'invited',
    });
    expect(JSON.stringify(audit)).not.toMatch(/password|secret|token|hash/i);
  });

  it('refuses an expired or made-up link, and an email already taken', async () => {
    const created = await create('dispatcher');
    const token = tokenOf(created.body.data.setup_url);
    await t.handle.db
      .updateTable('staff')
      .set({ setup_expires_at: sql<string>`now() - interval '1 second'` })
      .where('id', '=', created.body.data.staff.id)
      .execute();
    for (const path of [token, 'made-up', 'A'.repeat(43)]) {
      const reply = await new Shopper(t.app).get(`/api/v1/admin/auth/setup/${path}`);
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe(SETUP_LINK_INVALID);
    }
    const again = await create('manager', created.body.data.staff.email);
    expect(again.status).toBe(409);
    expect(again.body.error_type).toBe('staff_exists');
    expect(again.body.message).toBe('A staff account with that email address already exists.');
    const bad = await owner.post('/api/v1/admin/staff', { email: 'nope', name: '', role: 'boss' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'name', 'role']);
  });

  it('re-issues a link: the member’s sessions end, password and app are reset', async () => {
    const { browser, member } = await signedInStaff(t.app, t.handle.db, 'dispatcher');
    await setPassword(member.id);
    expect((await browser.get('/api/v1/admin/auth/session')).status).toBe(200);
    const reissued = await owner.post(`/api/v1/admin/staff/${member.id}/setup_link`);
    expect(reissued.status).toBe(200);
    expect(reissued.body.data.staff.status).toBe('invited');
    expect((await browser.get('/api/v1/admin/auth/session')).status).toBe(401);
    const row = await t.handle.db
      .selectFrom('staff')
      .select(['password_hash', 'totp_secret'])
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect(row.totp_secret).not.toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    const view = await new Shopper(t.app).get(
      `/api/v1/admin/auth/setup/${tokenOf(reissued.body.data.setup_url)}`,
    );
    // The database holds the new secret sealed (ADR 075); the set-up page shows it opened.
    expect(row.totp_secret).toMatch(/^v1\./);
    expect(row.totp_secret).not.toContain(view.body.data.secret);
    expect(view.body.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(staffTotpSecrets(TEST_COOKIE_SECRET).open(row.totp_secret!)).toBe(view.body.data.secret);
    expect((await auditRows(member.id)).map((r) => r.action)).toEqual(['staff.setup_link']);
    expect((await owner.post('/api/v1/admin/staff/999999/setup_link')).status).toBe(404);
  });

  it('changes a role and disables an account (its sessions end), audited', async () => {
    const { browser, member } = await signedInStaff(t.app, t.handle.db, 'support');
    const promoted = await owner.patch(`/api/v1/admin/staff/${member.id}`, { role: 'manager' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.data.staff.role).toBe('manager');
    expect((await browser.get('/api/v1/admin/auth/session')).body.data.staff.role).toBe('manager');
    const disabled = await owner.patch(`/api/v1/admin/staff/${member.id}`, { disabled: true });
    expect(disabled.body.data.staff.status).toBe('disabled');
    expect((await browser.get('/api/v1/admin/auth/session')).status).toBe(401);
    const enabled = await owner.patch(`/api/v1/admin/staff/${member.id}`, { disabled: false });
    expect(enabled.body.data.staff.status).toBe('invited');
    const audit = await auditRows(member.id);
    expect(audit.map((row) => [row.action, row.staff_id])).toEqual([
      ['staff.update', ownerId],
      ['staff.update', ownerId],
      ['staff.update', ownerId],
    ]);
    expect(audit[0]).toMatchObject({
      before: { role: 'support', status: 'invited' },
      after: { role: 'manager', status: 'invited' },
    });
    expect(audit[1]).toMatchObject({ after: { status: 'disabled' } });

    for (const [body, status] of [
      [{}, 422],
      [{ role: 'boss' }, 422],
      [{ disabled: 'yes' }, 422],
    ] as const) {
      expect((await owner.patch(`/api/v1/admin/staff/${member.id}`, body)).status).toBe(status);
    }
    expect((await owner.patch('/api/v1/admin/staff/999999', { role: 'owner' })).status).toBe(404);
    expect((await owner.patch('/api/v1/admin/staff/1.5', { role: 'owner' })).status).toBe(404);
  });

  it('keeps an active owner: nobody disables or demotes themself, nor the last owner', async () => {
    for (const change of [{ disabled: true }, { role: 'manager' }]) {
      const reply = await owner.patch(`/api/v1/admin/staff/${ownerId}`, change);
      expect(reply.status).toBe(409);
      expect(reply.body).toMatchObject({ error_type: 'last_owner', message: SELF_CHANGE_MESSAGE });
    }
    // Two owners disabling each other at once: one of them stays.
    const first = await addStaff(t.handle.db, 'owner');
    const second = await addStaff(t.handle.db, 'owner');
    await setPassword(first.id);
    await setPassword(second.id);
    // Only these two are active owners for this race.
    await t.handle.db
      .updateTable('staff')
      .set({ disabled_at: new Date().toISOString() })
      .where('role', '=', 'owner')
      .where('id', 'not in', [first.id, second.id])
      .execute();
    try {
      const [a, b] = [
        await staffBrowser(t.app, t.handle.db, first),
        await staffBrowser(t.app, t.handle.db, second),
      ];
      const replies = await Promise.all([
        a.patch(`/api/v1/admin/staff/${second.id}`, { disabled: true }),
        b.patch(`/api/v1/admin/staff/${first.id}`, { disabled: true }),
      ]);
      // The other is refused: last_owner, or 401 when its session had already ended.
      expect(replies.filter((reply) => reply.status === 200)).toHaveLength(1);
      const refused = replies.find((reply) => reply.status !== 200);
      expect([409, 401]).toContain(refused?.status);
      if (refused?.status === 409) expect(refused.body.error_type).toBe('last_owner');
      const owners = await t.handle.db
        .selectFrom('staff')
        .select('id')
        .where('role', '=', 'owner')
        .where('disabled_at', 'is', null)
        .execute();
      expect(owners).toHaveLength(1);
      // Nor can anyone else (here the command line) disable or demote the last one.
      const accounts = staffAccountsService({
        db: t.handle.db,
        publicUrl: PUBLIC_URL,
        totpSecrets: staffTotpSecrets(TEST_COOKIE_SECRET),
      });
      const last = owners[0]?.id ?? 0;
      for (const change of [{ disabled: true }, { role: 'support' as const }]) {
        const error = await accounts.change(COMMAND_LINE, last, change).catch((e: unknown) => e);
        expect(error).toMatchObject({ type: 'last_owner', status: 409 });
      }
    } finally {
      await t.handle.db
        .updateTable('staff')
        .set({ disabled_at: null })
        .where('id', '=', ownerId)
        .execute();
    }
  });
});
