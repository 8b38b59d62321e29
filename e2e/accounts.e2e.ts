import { expect, test } from '@playwright/test';

test.describe('a customer', () => {
  test('registers, logs out, resets a forgotten password from the emailed link and logs in', async ({
    page,
  }) => {
    const email = `e2e-${Date.now()}@example.com`;

    await page.goto('/login');
    const register = page.getByRole('form', { name: 'Create an account' });
    await register.getByLabel('First name').fill('Vita');
    await register.getByLabel('Last name').fill('Sackville-West');
    await register.getByLabel('Email address').fill(email);
    await register.getByLabel('Password', { exact: true }).fill('sissinghurst');
    await register.getByRole('checkbox', { name: /not a robot/ }).check();
    await register.getByRole('button', { name: 'Create account' }).click();

    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Vita' })).toBeVisible();
    expect(
      (await page.context().cookies()).find((c) => c.name === 'ba_auth_token')?.value,
    ).toBeTruthy();

    await page.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login/);
    expect(
      (await page.context().cookies()).find((c) => c.name === 'ba_auth_token'),
    ).toBeUndefined();

    // Forgotten password: the view opens at /login#forgot-password.
    await page.getByRole('link', { name: 'Forgotten your password?' }).click();
    await expect(page).toHaveURL(/#forgot-password$/);
    const forgot = page.getByRole('form', { name: 'Reset your password' });
    await forgot.getByLabel('Email address').fill(email);
    await forgot.getByRole('checkbox', { name: /not a robot/ }).check();
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByText(/we have emailed a link to reset your password/)).toBeVisible();

    // The email is in the development outbox; follow its link.
    // Emails are sent by a job (ADR 069): reload until it has arrived.
    const link = page.getByRole('link', { name: /reset-password\?token=/ }).first();
    await expect(async () => {
      await page.goto('/dev/outbox');
      await expect(link).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    const href = await link.getAttribute('href');
    expect(href).toBeTruthy();
    await page.goto(
      new URL(href ?? '', page.url()).pathname + new URL(href ?? '', page.url()).search,
    );

    const reset = page.getByRole('form', { name: 'New password' });
    await reset.getByLabel('New password', { exact: true }).fill('knole-house');
    await reset.getByLabel('Confirm new password').fill('knole-house');
    await reset.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText(/Your password has been changed/)).toBeVisible();

    // The old password no longer works; the new one does.
    await page.goto('/login');
    const login = page.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Email address').fill(email);
    await login.getByLabel('Password', { exact: true }).fill('sissinghurst');
    await login.getByRole('checkbox', { name: /not a robot/ }).check();
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(login.getByText('The login details entered are incorrect.')).toBeVisible();

    await login.getByLabel('Password', { exact: true }).fill('knole-house');
    await login.getByRole('button', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Vita' })).toBeVisible();
  });

  test('is sent from the account page to log in, and brought back to it', async ({ page }) => {
    await page.goto('/account');
    await expect(page).toHaveURL(/\/login\?redirect=\/account$/);
    const login = page.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Email address').fill('demo@example.com');
    await login.getByLabel('Password', { exact: true }).fill('plants-demo');
    await login.getByRole('checkbox', { name: /not a robot/ }).check();
    const reply = page.waitForResponse('**/api/v1/auth/login');
    await login.getByRole('button', { name: 'Log in' }).click();
    // The server echoes the page's wish, and the browser follows it.
    expect((await (await reply).json()).data.redirect_uri).toBe('/account');
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello, Ada' })).toBeVisible();
    await expect(
      page.getByText('1,250 buds').or(page.getByText('1250 buds')).first(),
    ).toBeVisible();
    // The saved addresses are a page of the account's own (ADR 026).
    await page
      .getByRole('navigation', { name: 'Your account' })
      .getByRole('link', { name: 'Addresses' })
      .click();
    await expect(page.getByText('12 Orchard Lane').first()).toBeVisible();
    await expect(page.getByText('Default delivery address', { exact: true }).first()).toBeVisible();
  });
});
