/** The demo staff in the browser journeys: signing the owner in (README, development only). */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { totpCode } from '../../src/server/testing/totp.ts';

/** The demo owner (README, "Signing in"). */
export const OWNER = {
  email: 'owner@everbloom.test',
  password: 'staff-owner-demo',
  secret: 'RHE3QYRTB4J5LRAREIDURJJQ7WJ6YJQ5',
};

/** Until the authenticator app's next code (a code signs in once). */
const nextCode = () => 30_000 - (Date.now() % 30_000) + 500;

export interface SignInOptions {
  /** The back-office page to open (default the dashboard). */
  path?: string;
  /** The level-1 heading of that page once signed in. */
  heading?: string;
  /** Run on the sign-in page before it is filled (e.g. an accessibility check). */
  onSignInPage?: () => Promise<void>;
}

/**
 * Signs the demo owner in on the sign-in page: password and the authenticator's code,
 * waiting for the app's next code when this one was used already (by another journey).
 */
export async function signInOwner(page: Page, options: SignInOptions = {}): Promise<void> {
  const { path = '/admin', heading = 'Dashboard', onSignInPage } = options;
  await page.goto(path);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Everbloom back office' }),
  ).toBeVisible();
  await onSignInPage?.();
  const submit = async () => {
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByLabel('Authenticator code').fill(totpCode(OWNER.secret));
    await page.getByRole('button', { name: 'Sign in' }).click();
  };
  await submit();
  const landed = page.getByRole('heading', { level: 1, name: heading });
  const refused = page.getByRole('alert');
  await expect(landed.or(refused)).toBeVisible();
  if (await refused.isVisible()) {
    await page.waitForTimeout(nextCode());
    await submit();
  }
  await expect(landed).toBeVisible();
}

/** Signs the demo owner in through the API on `request` (its cookies then carry the session). */
export async function signInOwnerByApi(request: APIRequestContext): Promise<void> {
  const login = () =>
    request.post('/api/v1/admin/auth/login', {
      data: { email: OWNER.email, password: OWNER.password, code: totpCode(OWNER.secret) },
    });
  let reply = await login();
  if (reply.status() === 401) {
    await new Promise((resolve) => setTimeout(resolve, nextCode()));
    reply = await login();
  }
  expect(reply.status(), await reply.text()).toBe(200);
}
