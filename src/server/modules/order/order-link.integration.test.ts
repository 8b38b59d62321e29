/**
 * The confirmation email's "View your order" link (ADR 044) opens the order on any
 * device, lets that browser keep it and cancel a pre-order; a bad, expired or another
 * order's key reveals nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderView } from '../../../domain/api/order.ts';
import { outboxReader } from '../../adapters/email/outbox.ts';
import { Browser, fillBasket, FRICTIONLESS_3DS, variationIds } from '../../testing/checkout.ts';
import {
  createTestApp,
  ENGINES,
  TEST_COOKIE_SECRET,
  type TestApp,
} from '../../testing/test-app.ts';
import { ORDER_LINK_TTL_MS, orderLinks } from './order-link.ts';
import { ORDERS_COOKIE } from './order-cookie.ts';

describe.each(ENGINES)('the signed order link, on %s', (engine) => {
  let t: TestApp;
  let id: (sku: string) => number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    id = await variationIds(t.app);
  });
  afterAll(() => t.close());

  async function place(sku: string, email: string): Promise<OrderView> {
    const browser = await fillBasket(new Browser(t.app), id, [[sku, 1]], { email });
    const placed = await browser.pay(FRICTIONLESS_3DS);
    expect(placed.status).toBe(201);
    return (await browser.get(`/api/v1/orders/${placed.body.data.public_id}`)).body.data.order;
  }

  /** The "View your order" link in the order's confirmation email, as a path and query. */
  async function emailedLink(order: OrderView): Promise<{ path: string; key: string }> {
    const emails = await outboxReader(t.handle.db).list({ to: order.email_address });
    const email = emails.find((e) => e.subject.includes(order.order_number));
    const href = /View your order: (\S+)/.exec(email?.text_body ?? '')?.[1];
    expect(href).toBeTruthy();
    expect(email?.html_body).toContain(`href="${href!.replace(/&/g, '&amp;')}"`);
    const url = new URL(href!);
    return { path: url.pathname, key: url.searchParams.get('key') ?? '' };
  }

  const api = (order: OrderView, key?: string) =>
    `/api/v1/orders/${order.public_id}${key === undefined ? '' : `?key=${encodeURIComponent(key)}`}`;

  it('opens the order on another device, which then keeps it without the link', async () => {
    const order = await place('FERN-BOS', 'link-reader@example.com');
    const { path, key } = await emailedLink(order);
    expect(path).toBe(`/order/thank-you/${order.public_id}`);

    const phone = new Browser(t.app);
    expect((await phone.get(api(order))).status).toBe(404);
    const opened = await phone.get(api(order, key));
    expect(opened.status).toBe(200);
    expect(opened.body.data.order).toMatchObject({
      public_id: order.public_id,
      order_number: order.order_number,
    });
    expect(phone.cookies.get(ORDERS_COOKIE)).toBeTruthy();
    expect((await phone.get(api(order))).status).toBe(200);
  });

  it('cancels a pre-order through the link on another device', async () => {
    const order = await place('WIS-ARCH', 'link-canceller@example.com');
    const { key } = await emailedLink(order);
    const phone = new Browser(t.app);
    const cancel = (k?: string) =>
      phone.post(
        `/api/v1/orders/${order.public_id}/cancel${k ? `?key=${encodeURIComponent(k)}` : ''}`,
      );
    expect((await cancel()).status).toBe(404);
    const cancelled = await cancel(key);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.order.status).toBe('cancelled');
  });

  it('reveals nothing for a forged, altered, expired or another order’s key', async () => {
    const order = await place('FERN-BOS', 'link-guard@example.com');
    const other = await place('FERN-BOS', 'link-other@example.com');
    const { key } = await emailedLink(order);
    const [expires, signature] = key.split('.');
    const longAgo = Date.now() - ORDER_LINK_TTL_MS - 60_000;
    const expired = orderLinks({ cookieSecret: TEST_COOKIE_SECRET, now: () => longAgo }).keyFor(
      order.public_id,
    );
    const otherKey = (await emailedLink(other)).key;
    for (const bad of [
      'forged',
      `${Number(expires) + 1}.${signature}`,
      `${expires}.${'A'.repeat(43)}`,
      expired,
      otherKey,
      'x'.repeat(500),
    ]) {
      const stranger = new Browser(t.app);
      const reply = await stranger.get(api(order, bad));
      expect(reply.status, bad).toBe(404);
      expect(reply.body).toEqual({ error_type: 'order_not_found', message: 'Order not found.' });
      expect(stranger.cookies.has(ORDERS_COOKIE), bad).toBe(false);
      const cancel = await stranger.post(
        `/api/v1/orders/${order.public_id}/cancel?key=${encodeURIComponent(bad)}`,
      );
      expect(cancel.status, bad).toBe(404);
    }
  });
});
