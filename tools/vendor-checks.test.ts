import { describe, expect, it } from 'vitest';
import { vendorPlan } from './vendor-checks.ts';

const SANDBOX = {
  BRAINTREE_MERCHANT_ID: 'm3rchant',
  BRAINTREE_PUBLIC_KEY: 'publickey1',
  BRAINTREE_PRIVATE_KEY: 'privatekey1',
};

const ready = (env: Record<string, string>) =>
  vendorPlan(env)
    .checks.filter((check) => check.ready)
    .map((check) => check.vendor);

describe('vendors:check', () => {
  it('checks nothing without credentials, and says what each vendor needs', () => {
    const { checks } = vendorPlan({});
    expect(checks.every((check) => !check.ready)).toBe(true);
    expect(checks.map((check) => [check.vendor, check.reason])).toEqual([
      [
        'Braintree (sandbox)',
        'set BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY, BRAINTREE_PRIVATE_KEY',
      ],
      ['Postcoder', 'set POSTCODER_API_KEY'],
      ['Cloudflare Turnstile', 'set TURNSTILE_SECRET_KEY, TURNSTILE_TEST_TOKEN'],
      ['SMTP', 'set SMTP_URL'],
    ]);
  });

  it('checks each vendor whose credentials are present', () => {
    expect(ready({ ...SANDBOX, POSTCODER_API_KEY: 'PCW45-12345-12345-1234X' })).toEqual([
      'Braintree (sandbox)',
      'Postcoder',
    ]);
    expect(
      ready({ TURNSTILE_SECRET_KEY: 's', TURNSTILE_TEST_TOKEN: 't', SMTP_URL: 'smtp://x' }),
    ).toEqual(['Cloudflare Turnstile', 'SMTP']);
  });

  it('never runs the payments contract, which makes transactions, with production keys', () => {
    const plan = vendorPlan({ ...SANDBOX, BRAINTREE_ENVIRONMENT: 'production' });
    expect(plan.checks[0]).toMatchObject({
      ready: false,
      reason: expect.stringMatching(/sandbox keys only/),
    });
    // The test run does not even see them.
    expect(plan.env.BRAINTREE_PRIVATE_KEY).toBeUndefined();
    expect(vendorPlan({ ...SANDBOX, BRAINTREE_ENVIRONMENT: 'sandbox' }).checks[0]?.ready).toBe(
      true,
    );
  });
});
