/**
 * Set-up shared by the back office's delivery suites (ADR 065, 074, 082): an app whose
 * delivery settings stay cached for ten minutes (so a change must reach this process's
 * shoppers without waiting for the cache), a manager and a support member signed in,
 * shoppers with a basket at a postcode, and what they are offered.
 */
import type { AppDeps } from '../app.ts';
import { Browser, deliveryAddress, variationIds } from './checkout.ts';
import { signedInStaff } from './staff.ts';
import { createTestApp, type EngineKind, type Shopper, type TestApp } from './test-app.ts';
import type { Db } from '../db/client.ts';
import { expect } from 'vitest';

export interface DeliveryAdmin {
  t: TestApp;
  id: (sku: string) => number;
  /** May change every delivery setting. */
  manager: Shopper;
  /** May read them only. */
  support: Shopper;
}

/** The app, the catalogue's ids and the two staff members; `deps` adds to the app's. */
export async function deliveryAdmin(
  engine: EngineKind,
  deps: Partial<AppDeps> = {},
): Promise<DeliveryAdmin> {
  // A long cache: changes must reach this process's shoppers without waiting for it.
  const t = await createTestApp(engine, { catalogueCacheMs: 600_000, ...deps });
  return {
    t,
    id: await variationIds(t.app),
    manager: (await signedInStaff(t.app, t.handle.db, 'manager')).browser,
    support: (await signedInStaff(t.app, t.handle.db, 'support')).browser,
  };
}

/** A shopper's basket with an item and a delivery address of `postcode`. */
export async function shopperAt(
  { t, id }: Pick<DeliveryAdmin, 't' | 'id'>,
  postcode = 'SW1A 2AA',
): Promise<Browser> {
  const browser = new Browser(t.app);
  expect(
    (await browser.post('/api/v1/basket', { product_id: id('OLV-90-GRY'), quantity: 1 })).status,
  ).toBe(200);
  const details = await browser.put('/api/v1/basket/details', {
    email_address: 'ada@example.com',
    ...deliveryAddress({ postcode }),
  });
  expect(details.status, JSON.stringify(details.body)).toBe(200);
  return browser;
}

/** The delivery options the shopper's basket is offered, in the order offered. */
export async function offeredTo(browser: Browser) {
  return (await browser.get('/api/v1/basket')).body.data.available_delivery_options as {
    id: string;
    price: { amount: number };
  }[];
}

/** The audit records of one entity (a delivery zone, option, closure), oldest first. */
export const auditOf = (db: Db, entityType: string, entityId: string) =>
  db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', entityId)
    .orderBy('id')
    .execute();
