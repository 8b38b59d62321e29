/**
 * A shop taking payments in test mode says so on every page, checkout included
 * (ADR 041): the journeys' shop runs in test mode.
 */
import { expect, test } from '@playwright/test';
import { readyBasket } from './support/basket.ts';

const NOTICE = 'Test shop — no real payments are taken.';

test('every page of the test shop, checkout included, says no real payments are taken', async ({
  page,
}) => {
  await readyBasket(page);
  for (const path of [
    '/',
    '/products/artificial-olive-tree',
    '/basket',
    '/login',
    '/checkout/payment',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('complementary', { name: 'Test shop' }), path).toHaveText(NOTICE);
  }
});
