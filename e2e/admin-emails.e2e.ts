import { expect, test } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { AXE_TAGS } from './support/axe.ts';
import { OWNER, signInOwner } from './support/staff.ts';

/**
 * Email previews end to end (issue 23, ADR 072): the demo owner opens /admin/emails, sees
 * the order confirmation as a customer would — in the shop's look, inside a sandboxed
 * frame whose inline styles the back office's CSP allows, markup in a name shown as text —
 * then the dispatch email, and sends a test that lands in the development outbox.
 */
test('staff preview the emails and send themselves a test', async ({ page }) => {
  test.setTimeout(120_000);
  await signInOwner(page, { path: '/admin/emails', heading: 'Emails' });
  await expect(
    page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Emails' }),
  ).toBeVisible();
  const list = page.getByRole('navigation', { name: 'Emails' });
  await expect(list.getByRole('link')).toHaveCount(9);
  await expect(page.getByRole('heading', { level: 2, name: 'Order confirmation' })).toBeVisible();

  const frame = page.frameLocator('iframe[title="Order confirmation: HTML preview"]');
  const heading = frame.getByRole('heading', {
    level: 1,
    name: 'Thank you for your order EB-7K3M9QX2',
  });
  await expect(heading).toBeVisible();
  // The layout's inline styles apply: the display serif and the brand green.
  await expect(heading).toHaveCSS('font-family', /Georgia/);
  await expect(frame.getByText('Everbloom', { exact: true })).toHaveCSS('color', 'rgb(47, 93, 58)');
  await expect(frame.getByText('1 × Peace Lily <Deluxe> & Pot: £34.99')).toBeVisible();
  await expect(page.getByLabel('Order confirmation: plain text')).toContainText(
    'Delivery address:\nMrs Ada Lovelace\n10 Downing Street',
  );
  // axe cannot run inside a frame with an empty sandbox (no scripts), and would wait for
  // it: the page is checked around the frame, whose content is the email's own document.
  const axe = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .exclude('.email-preview__frame')
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);

  await list.getByRole('link', { name: 'Dispatch' }).click();
  await expect(page).toHaveURL(/\/admin\/emails\/dispatch$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Dispatch' })).toBeVisible();
  await expect(
    page
      .frameLocator('iframe[title="Dispatch: HTML preview"]')
      .getByRole('heading', { level: 1, name: 'Part of your order is on its way' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Send me a test' }).click();
  const subject = '[Test] Part of your Everbloom order EB-7K3M9QX2 is on its way';
  await expect(page.getByText(`Sent “${subject}” to ${OWNER.email}.`)).toBeVisible();
  const outbox = (await (
    await page.request.get(`/api/v1/dev/outbox?to=${encodeURIComponent(OWNER.email)}`)
  ).json()) as { data: { emails: { subject: string; text_body: string }[] } };
  const sent = outbox.data.emails.find((email) => email.subject === subject);
  expect(sent?.text_body).toContain('Carrier: Royal Mail');
});
