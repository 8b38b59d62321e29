import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ORDER_LINK_TTL_MS, orderLinks } from './order-link.ts';

const SECRET = 'a-cookie-secret-of-at-least-32-characters';
const ORDER = '6f1c2a9e-3b7d-4c8e-9a0f-1d2e3f4a5b6c';
const OTHER = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

describe('orderLinks', () => {
  it('opens the order its key was made for, until the key expires', () => {
    let now = Date.UTC(2026, 0, 1);
    const links = orderLinks({ cookieSecret: SECRET, now: () => now });
    const key = links.keyFor(ORDER);
    expect(links.opens(ORDER, key)).toBe(true);
    now += ORDER_LINK_TTL_MS - 1000;
    expect(links.opens(ORDER, key)).toBe(true);
    now += 1000;
    expect(links.opens(ORDER, key)).toBe(false);
  });

  it('opens no other order, and nothing with a key from another secret', () => {
    const links = orderLinks({ cookieSecret: SECRET });
    const key = links.keyFor(ORDER);
    expect(links.opens(OTHER, key)).toBe(false);
    expect(orderLinks({ cookieSecret: `${SECRET}-other` }).opens(ORDER, key)).toBe(false);
  });

  it('refuses a key whose expiry was moved on, or that is malformed or missing', () => {
    const links = orderLinks({ cookieSecret: SECRET });
    const [expires, signature] = links.keyFor(ORDER).split('.');
    expect(links.opens(ORDER, `${Number(expires) + 86_400}.${signature}`)).toBe(false);
    for (const bad of [
      undefined,
      '',
      'abc',
      `${expires}.`,
      `${expires}.${signature}x`,
      `.${signature}`,
    ])
      expect(links.opens(ORDER, bad)).toBe(false);
  });

  it('is not signed with the cookie key itself', () => {
    const links = orderLinks({ cookieSecret: SECRET });
    const [expires, signature] = links.keyFor(ORDER).split('.');
    const withCookieKey = createHmac('sha256', SECRET)
      .update(`${ORDER}.${expires}`)
      .digest('base64url');
    expect(signature).not.toBe(withCookieKey);
  });

  it('builds the order page’s link with its key', () => {
    const links = orderLinks({ cookieSecret: SECRET });
    const url = new URL(links.viewUrl('https://shop.example/', ORDER));
    expect(url.origin + url.pathname).toBe(`https://shop.example/order/thank-you/${ORDER}`);
    expect(links.opens(ORDER, url.searchParams.get('key') ?? undefined)).toBe(true);
  });
});
