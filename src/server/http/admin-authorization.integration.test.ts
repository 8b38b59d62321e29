/**
 * The back office's gate (ADR 047), tried on every admin route the app registers: each
 * declares a permission; without a staff session it answers 401 `unauthorized` (a
 * customer's bearer token and a customer's cookies count for nothing), a role without
 * the permission gets 403 `unauthorized`, and a role with it gets past the gate. A
 * refused request changes nothing: the audit trail, which every admin write appends
 * to, is as it was.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, STAFF_ROLES, type Permission, type StaffRole } from '../../domain/staff.ts';
import { Browser } from '../testing/checkout.ts';
import { signedInStaff } from '../testing/staff.ts';
import {
  createTestApp,
  ENGINES,
  type Reply,
  type Shopper,
  type TestApp,
} from '../testing/test-app.ts';
import { ADMIN_API_PREFIX } from './staff-authorization.ts';

interface AdminRoute {
  method: string;
  url: string;
  permission: Permission | 'none';
}

/** A path for `url` with each parameter filled in (nobody's record: the gate answers first). */
const pathOf = (url: string) => url.replace(/:([A-Za-z_]+)/g, (_, name: string) => `test-${name}`);

describe.each(ENGINES)('the back office’s routes on %s', (engine) => {
  let t: TestApp;
  let routes: AdminRoute[];
  let customer: Browser;
  const staff = {} as Record<StaffRole, Shopper>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    routes = t.app.registeredRoutes
      .filter((route) => route.url.startsWith(ADMIN_API_PREFIX))
      .map((route) => ({
        method: route.method,
        url: route.url,
        permission: route.doc?.permission as Permission | 'none',
      }));
    customer = new Browser(t.app);
    await customer.signUp(`customer-${engine}@example.com`);
    for (const role of STAFF_ROLES)
      staff[role] = (await signedInStaff(t.app, t.handle.db, role)).browser;
  });
  afterAll(() => t.close());

  const send = (browser: Shopper, route: AdminRoute): Promise<Reply<any>> =>
    browser.request({
      method: route.method as 'GET',
      url: pathOf(route.url),
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    });

  const auditCount = async () =>
    Number(
      (
        await t.handle.db
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('declares a permission on every admin route', () => {
    expect(routes.filter((route) => route.permission === undefined)).toEqual([]);
  });

  it('answers 401 without a staff session, whatever else the browser holds', async () => {
    const before = await auditCount();
    for (const route of routes.filter((r) => r.permission !== 'none')) {
      for (const browser of [new Browser(t.app), customer]) {
        const reply = await send(browser, route);
        expect({
          route: `${route.method} ${route.url}`,
          status: reply.status,
          type: reply.body?.error_type,
        }).toEqual({ route: `${route.method} ${route.url}`, status: 401, type: 'unauthorized' });
      }
    }
    expect(await auditCount()).toBe(before);
  });

  it.each(STAFF_ROLES)(
    'lets a %s through only where the role holds the permission',
    async (role) => {
      const before = await auditCount();
      for (const route of routes.filter((r) => r.permission !== 'none')) {
        const reply = await send(staff[role], route);
        const label = `${role} ${route.method} ${route.url}`;
        if (can(role, route.permission as Permission)) {
          expect({ label, status: reply.status }).not.toEqual({ label, status: 401 });
          expect({ label, status: reply.status }).not.toEqual({ label, status: 403 });
          expect({ label, status: reply.status }).not.toEqual({ label, status: 500 });
        } else {
          expect({ label, status: reply.status, type: reply.body?.error_type }).toEqual({
            label,
            status: 403,
            type: 'unauthorized',
          });
        }
      }
      // Requests let through here are malformed (empty bodies, unknown records): refused too.
      expect(await auditCount()).toBe(before);
    },
  );

  it('ends a disabled staff member’s session at once', async () => {
    const { browser, member } = await signedInStaff(t.app, t.handle.db, 'owner');
    const guarded = routes.find((r) => r.permission !== 'none' && r.method === 'GET');
    if (!guarded) return;
    expect((await send(browser, guarded)).status).not.toBe(401);
    await t.handle.db
      .updateTable('staff')
      .set({ disabled_at: new Date().toISOString() })
      .where('id', '=', member.id)
      .execute();
    expect((await send(browser, guarded)).status).toBe(401);
  });
});
