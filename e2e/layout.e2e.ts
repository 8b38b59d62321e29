import { expect, test, type Page } from '@playwright/test';
import { clippedText, horizontalOverflow, smallTargets, TEXT_SPACING_CSS } from './support/a11y.ts';

/**
 * WCAG 2.2 layout checks over the shopper's journey pages (docs/accessibility.md):
 * reflow at 320 CSS px (1.4.10), text spacing (1.4.12) and target size (2.5.8).
 */

/** A basket with a fern, an email, a Harrogate address and standard delivery (API). */
async function readyBasket(page: Page) {
  const product = (await (
    await page.request.get('/api/v1/products/artificial-boston-fern')
  ).json()) as { data: { product: { variations: { id: number }[] } } };
  await page.request.post('/api/v1/basket', {
    data: { product_id: product.data.product.variations[0]?.id },
  });
  const details = await page.request.put('/api/v1/basket/details', {
    data: {
      email_address: 'layout@example.com',
      delivery_address_title: 'Ms',
      delivery_address_first_name: 'Gertrude',
      delivery_address_last_name: 'Jekyll',
      delivery_address_line_1: '8 Orchard Lane',
      delivery_address_line_3: 'Harrogate',
      delivery_address_line_4: 'North Yorkshire',
      delivery_address_postcode: 'HG1 2AB',
      delivery_address_country_code: 'GBR',
      delivery_address_telephone: '01423 496123',
    },
  });
  const basket = (await details.json()) as {
    data: { available_delivery_options: { id: string }[] };
  };
  await page.request.put('/api/v1/basket/delivery', {
    data: { option_id: basket.data.available_delivery_options[0]?.id },
  });
}

/** Places the ready basket's order with the test gateway's frictionless 3-D Secure nonce. */
async function placeOrder(page: Page) {
  const response = await page.request.post('/api/v1/basket/order', {
    data: {
      payment_method_nonce:
        'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce',
      device_data: '{}',
    },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { public_id: string } }).data.public_id;
}

/** The journey's pages, each shown as it settles (`ready` names what must be on it). */
const PAGES: { name: string; path: string; ready: string }[] = [
  { name: 'home', path: '/', ready: 'article' },
  { name: 'product', path: '/products/artificial-olive-tree', ready: 'h1' },
  { name: 'basket', path: '/basket', ready: '.basket-lines' },
  { name: 'checkout entry', path: '/checkout', ready: 'h1' },
  { name: 'delivery address', path: '/checkout/address', ready: 'form' },
  { name: 'delivery options', path: '/checkout/delivery', ready: 'input[type="radio"]' },
  { name: 'payment', path: '/checkout/payment', ready: 'input[name="number"]' },
  { name: 'login and register', path: '/login', ready: 'form' },
  { name: 'track order', path: '/track-order', ready: 'form' },
];

async function open(page: Page, path: string, ready: string) {
  await page.goto(path);
  await page.locator(ready).first().waitFor();
  await page.waitForLoadState('networkidle');
}

test.describe('layout', () => {
  test('every journey page reflows at 320px: no sideways scrolling (1.4.10)', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await readyBasket(page);
    const overflow: Record<string, number> = {};
    for (const { name, path, ready } of PAGES) {
      await open(page, path, ready);
      overflow[name] = await horizontalOverflow(page);
    }
    const order = await placeOrder(page);
    await open(page, `/order/thank-you/${order}`, 'h1');
    overflow['thank-you'] = await horizontalOverflow(page);
    expect(overflow).toEqual(Object.fromEntries(Object.keys(overflow).map((key) => [key, 0])));
  });

  test('with WCAG text spacing no text is cut off and nothing scrolls sideways (1.4.12)', async ({
    page,
  }) => {
    await readyBasket(page);
    const problems: Record<string, string[]> = {};
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const { name, path, ready } of PAGES) {
        await open(page, path, ready);
        await page.addStyleTag({ content: TEXT_SPACING_CSS });
        const found = await clippedText(page);
        const overflow = await horizontalOverflow(page);
        if (overflow > 0) found.push(`scrolls ${overflow}px sideways`);
        if (found.length > 0) problems[`${name} at ${width}px`] = found;
      }
    }
    expect(problems).toEqual({});
  });

  test('interactive targets are at least 24×24 CSS px or spaced apart (2.5.8)', async ({
    page,
  }) => {
    await readyBasket(page);
    const problems: Record<string, string[]> = {};
    for (const width of [320, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const { name, path, ready } of PAGES) {
        await open(page, path, ready);
        const found = await smallTargets(page);
        if (found.length > 0) problems[`${name} at ${width}px`] = found;
      }
    }
    expect(problems).toEqual({});
  });
});
