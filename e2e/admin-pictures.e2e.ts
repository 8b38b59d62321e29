import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectAxeClean } from './support/axe.ts';
import { signInOwner } from './support/staff.ts';

/**
 * Product pictures end to end (issue 22, ADR 063): the owner adds a product of their own
 * (so no other journey's demo product changes its picture) and opens its pictures,
 * is told a file that is not a picture is not one, uploads a PNG (made here) with its
 * alt text, and the shop's product page then shows it — a `<picture>` offering AVIF and
 * WebP, with the alt text — in place of the demo drawing. The panel is checked with axe.
 */

const ALT = 'Olive tree in a grey pot <beside> a sunny window';

/** Tablet and desktop widths: the back office is used at a desk or on a tablet. */
const expectAccessible = (page: Page, what: string) => expectAxeClean(page, what, [768, 1280]);

test('staff upload a picture with alt text and the product page shows it', async ({ page }) => {
  test.setTimeout(120_000);
  await signInOwner(page);
  const stamp = Date.now().toString(36);
  const created = await page.request.post('/api/v1/admin/products', {
    data: {
      name: `Pictured Olive ${stamp}`,
      slug: `pictured-olive-${stamp}`,
      category: 'trees',
      description: 'An olive tree for the pictures journey.',
      variations: [{ sku: `PIC-${stamp}`.toUpperCase(), price: 4500, options: {}, stock: 3 }],
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const product = (
    (await created.json()) as {
      data: { product: { id: number; slug: string; preview_image: { src: string } } };
    }
  ).data.product;
  const SLUG = product.slug;
  // Until a picture is uploaded: the no-picture drawing.
  expect(product.preview_image.src).toMatch(/\.svg$/);

  await page.goto(`/admin/products/${product.id}/pictures`);
  await expect(page.getByRole('heading', { level: 1, name: 'Product pictures' })).toBeVisible();
  await expect(page.getByText(/No pictures yet/)).toBeVisible();
  await expectAccessible(page, 'pictures page, empty');

  const form = page.getByRole('form', { name: 'Add a picture' });
  // A text file named as a photo: refused from its bytes, beside the field.
  await form.getByLabel('Picture').setInputFiles({
    name: 'olive.jpg',
    mimeType: 'image/jpeg',
    buffer: Buffer.from('this is not a photo at all'),
  });
  await form.getByLabel('Alt text').fill(ALT);
  await form.getByRole('button', { name: 'Upload picture' }).click();
  await expect(form.getByText(/not a JPEG, PNG or WebP picture/)).toBeVisible();

  const png = await sharp({
    create: { width: 900, height: 900, channels: 3, background: { r: 70, g: 120, b: 60 } },
  })
    .png()
    .toBuffer();
  await form.getByLabel('Picture').setInputFiles({
    name: 'olive.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await form.getByRole('button', { name: 'Upload picture' }).click();
  const item = page.getByRole('listitem', { name: /Picture 1 of 1/ });
  await expect(item).toBeVisible();
  await expect(item.getByRole('img', { name: ALT })).toBeVisible();
  await expect(item.getByText('Shown in the shop')).toBeVisible();
  await expect(form.getByLabel('Alt text')).toHaveValue('');
  await expectAccessible(page, 'pictures page with a picture');

  // The shop's product page shows it, from the server's first paint and in the browser.
  await page.goto(`/products/${SLUG}`);
  const picture = page.locator('.product-page__media picture');
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
    'srcset',
    /\/media\/pictures\/[0-9a-f]{32}-320\.avif 320w/,
  );
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute(
    'srcset',
    /\/media\/pictures\/[0-9a-f]{32}-640\.webp 640w/,
  );
  const image = picture.getByRole('img', { name: ALT });
  await expect(image).toBeVisible();
  // Loaded: the browser chose one of the uploaded files (AVIF where it can) and drew it.
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
    /\/media\/pictures\/[0-9a-f]{32}-\d+\.(avif|webp)$/,
  );
});
