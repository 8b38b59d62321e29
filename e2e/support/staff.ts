/** The demo staff in the browser journeys: signing the owner in (README, development only). */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { totpCode } from '../../src/server/testing/totp.ts';

/** The demo owner (README, "Signing in"). */
export const OWNER = {
  email: 'owner@everbloom.test',
  password: 'staff-owner-demo',
  secret: 'RHE3QYRTB4J5LRAREIDURJJQ7WJ6YJQ5',
};

/** The authenticator's time step (ADR 048). */
const STEP_MS = 30_000;
const stepAt = (ms: number) => Math.floor(ms / STEP_MS);

/**
 * The last step this worker signed the owner in with. A code signs in once, so the
 * journeys of one half (one worker, one shop) would each wait up to 30 s for the next
 * code; the shop also takes the next step's code (one step either side of now), so a
 * second sign-in within the step uses that one and only a third waits.
 */
let lastStep = -1;

/** An authenticator code this worker has not used: now's, else the next step's. */
async function unusedCode(): Promise<string> {
  for (;;) {
    const now = Date.now();
    const step = Math.max(stepAt(now), lastStep + 1);
    if (step <= stepAt(now) + 1) {
      lastStep = step;
      return totpCode(OWNER.secret, step * STEP_MS);
    }
    await new Promise((resolve) => setTimeout(resolve, (stepAt(now) + 1) * STEP_MS - now + 200));
  }
}

export interface SignInOptions {
  /** The back-office page to open (default the dashboard). */
  path?: string;
  /** The level-1 heading of that page once signed in. */
  heading?: string;
  /** Run on the sign-in page before it is filled (e.g. an accessibility check). */
  onSignInPage?: () => Promise<void>;
}

/**
 * Signs the demo owner in on the sign-in page: password and an authenticator code not
 * used yet (unusedCode).
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
    await page.getByLabel('Authenticator code').fill(await unusedCode());
    await page.getByRole('button', { name: 'Sign in' }).click();
  };
  await submit();
  const landed = page.getByRole('heading', { level: 1, name: heading });
  const refused = page.getByRole('alert');
  await expect(landed.or(refused)).toBeVisible();
  // Refused when the code was used outside this worker (a journey's own sign-in, or a
  // worker before this one): the next unused one.
  if (await refused.isVisible()) await submit();
  await expect(landed).toBeVisible();
}

/** Signs the demo owner in through the API on `request` (its cookies then carry the session). */
export async function signInOwnerByApi(request: APIRequestContext): Promise<void> {
  const login = async () =>
    request.post('/api/v1/admin/auth/login', {
      data: { email: OWNER.email, password: OWNER.password, code: await unusedCode() },
    });
  let reply = await login();
  for (let retry = 0; retry < 2 && reply.status() === 401; retry++) reply = await login();
  expect(reply.status(), await reply.text()).toBe(200);
}
