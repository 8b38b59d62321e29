/**
 * Which real vendors `npm run vendors:check` can check from an environment: each real
 * adapter's contract test runs against the vendor's sandbox (or service) only when its
 * credentials are present (ADR 042). Pure, so the choice is tested without a network.
 */

/** One vendor's contract test, and whether this environment lets it run for real. */
export interface VendorCheck {
  vendor: string;
  /** The contract test file (also runs the offline implementations). */
  file: string;
  /** Ready to run against the real vendor. */
  ready: boolean;
  /** What is missing, or why it is not run, when not ready. */
  reason: string;
}

/** The environment the contract tests run with, and what each can check. */
export interface VendorPlan {
  checks: VendorCheck[];
  /** The environment for the test run (Braintree keys dropped when not sandbox ones). */
  env: Record<string, string | undefined>;
}

const BRAINTREE_KEYS = [
  'BRAINTREE_MERCHANT_ID',
  'BRAINTREE_PUBLIC_KEY',
  'BRAINTREE_PRIVATE_KEY',
] as const;

const missing = (env: Record<string, string | undefined>, names: readonly string[]) =>
  names.filter((name) => !env[name]);

function needs(names: string[]): string {
  return `set ${names.join(', ')}`;
}

export function vendorPlan(source: Record<string, string | undefined>): VendorPlan {
  const env = { ...source };
  const checks: VendorCheck[] = [];

  // The payments contract makes real transactions: sandbox keys only.
  const braintreeMissing = missing(env, BRAINTREE_KEYS);
  const production = env.BRAINTREE_ENVIRONMENT === 'production';
  if (production) for (const key of BRAINTREE_KEYS) delete env[key];
  checks.push({
    vendor: 'Braintree (sandbox)',
    file: 'src/server/adapters/payments/payments.contract.test.ts',
    ready: braintreeMissing.length === 0 && !production,
    reason: production
      ? 'BRAINTREE_ENVIRONMENT is production: the contract makes transactions, so it takes sandbox keys only'
      : needs(braintreeMissing),
  });

  const postcoder = missing(env, ['POSTCODER_API_KEY']);
  checks.push({
    vendor: 'Postcoder',
    file: 'src/server/adapters/address-lookup/address-lookup.contract.test.ts',
    ready: postcoder.length === 0,
    reason: needs(postcoder),
  });

  const turnstile = missing(env, ['TURNSTILE_SECRET_KEY', 'TURNSTILE_TEST_TOKEN']);
  checks.push({
    vendor: 'Cloudflare Turnstile',
    file: 'src/server/adapters/captcha/captcha.contract.test.ts',
    ready: turnstile.length === 0,
    reason: needs(turnstile),
  });

  const smtp = missing(env, ['SMTP_URL']);
  checks.push({
    vendor: 'SMTP',
    file: 'src/server/adapters/email/email.contract.integration.test.ts',
    ready: smtp.length === 0,
    reason: needs(smtp),
  });

  return { checks, env };
}
