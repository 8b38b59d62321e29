import { expect, test, type Page } from '@playwright/test';
import { expectAxeClean } from './support/axe.ts';

/**
 * The header's search box (issue 21): suggestions as the shopper types, chosen with
 * the keyboard, Enter for the results page, Escape; accessible at phone and desktop
 * widths. (The results page is another part's: these check the address it goes to.)
 */

/** The box, once its combobox has taken over from the plain search input. */
async function searchBox(page: Page) {
  const box = page.getByRole('combobox', { name: 'Search the shop' });
  await page.getByRole('banner').getByRole('searchbox').or(box).first().click();
  await expect(box).toBeFocused();
  return box;
}

test.describe('the header search box', () => {
  test('suggests products as the shopper types; arrow down and Enter opens one', async ({
    page,
  }) => {
    await page.goto('/');
    const box = await searchBox(page);
    await page.keyboard.type('oli');
    const listbox = page.getByRole('listbox', { name: 'Suggestions' });
    await expect(listbox).toBeVisible();
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const first = listbox.getByRole('option').first();
    const name = (await first.textContent()) ?? '';
    expect(name.toLowerCase()).toContain('oli');
    const count = await listbox.getByRole('option').count();
    await expect(page.getByRole('banner').getByRole('status')).toHaveText(
      `${count} ${count === 1 ? 'suggestion' : 'suggestions'} available.`,
    );

    await page.keyboard.press('ArrowDown');
    await expect(first).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(box).toHaveValue('');
  });

  test('Enter searches for the text typed; Escape closes, then clears', async ({ page }) => {
    await page.goto('/basket');
    let box = await searchBox(page);
    await page.keyboard.type('oli');
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeHidden();
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue('oli');
    await page.keyboard.press('Escape');
    await expect(box).toHaveValue('');

    await page.keyboard.type('olive');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=olive$/);
    box = page.getByRole('combobox', { name: 'Search the shop' });
    await expect(box).toHaveValue('olive');

    // A shared link to the results opens with its query in the box.
    await page.goto('/search?q=fern');
    await expect(page.getByRole('banner').getByRole('searchbox').or(box).first()).toHaveValue(
      'fern',
    );
  });

  test('fits a phone and a desktop, and axe finds nothing with suggestions open', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/');
    const box = await searchBox(page);
    const search = page.getByRole('banner').getByRole('search');
    const boxSize = await box.boundingBox();
    const buttonSize = await search.getByRole('button', { name: 'Search' }).boundingBox();
    expect(boxSize!.height).toBeGreaterThanOrEqual(44);
    expect(buttonSize!.height).toBeGreaterThanOrEqual(44);
    expect(boxSize!.x).toBeGreaterThanOrEqual(0);
    expect(buttonSize!.x + buttonSize!.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );

    await page.keyboard.type('oli');
    await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expectAxeClean(page, 'the header with suggestions open');
  });
});
