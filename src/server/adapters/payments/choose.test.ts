import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { paymentGatewayFor, paymentsConfigView, paymentWarnings } from './choose.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  SHOP_LEGAL_NAME: 'Everbloom Gardens Ltd',
  SHOP_ADDRESS: '1 High Street, London, EC1A 1AA',
  SHOP_VAT_NUMBER: 'GB123456789',
  COOKIE_SECRET: 'x'.repeat(40),
  TURNSTILE_SITE_KEY: '0x4AAAAAAA',
  TURNSTILE_SECRET_KEY: '0x4AAAAAAA-secret',
};
const KEYS = {
  BRAINTREE_MERCHANT_ID: 'm3rchant',
  BRAINTREE_PUBLIC_KEY: 'publickey1',
  BRAINTREE_PRIVATE_KEY: 'privatekey1',
};
// Neither adapter touches the database when it is made.
const db = {} as Db;

describe('the payment gateway a configuration gives', () => {
  it('is test mode with no Braintree keys, signing with a secret derived from COOKIE_SECRET', () => {
    const config = loadConfig({ COOKIE_SECRET: 'c'.repeat(40) });
    expect(config.payments).toMatchObject({
      braintree: null,
      paypalClientId: null,
      googlePayMerchantId: null,
    });
    expect(config.payments.testModeSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(config.payments.testModeSecret).not.toContain('c'.repeat(40));
    expect(loadConfig({ COOKIE_SECRET: 'd'.repeat(40) }).payments.testModeSecret).not.toBe(
      config.payments.testModeSecret,
    );
    expect(paymentGatewayFor(config, db).mode).toBe('test');
    expect(paymentsConfigView('test', config.payments)).toEqual({
      mode: 'test',
      paypal_client_id: null,
      google_pay: { merchant_id: null, environment: 'TEST' },
      shop_name: 'Everbloom',
    });
  });

  it('is Braintree with all three keys, in the sandbox unless told otherwise', () => {
    const config = loadConfig({
      ...KEYS,
      PAYPAL_CLIENT_ID: 'AbC-123_x',
      GOOGLE_PAY_MERCHANT_ID: 'BCR2DN4T',
    });
    expect(config.payments.braintree).toEqual({
      environment: 'sandbox',
      merchantId: 'm3rchant',
      publicKey: 'publickey1',
      privateKey: 'privatekey1',
      timeoutMs: 30_000,
    });
    const gateway = paymentGatewayFor(config, db);
    expect(gateway.mode).toBe('braintree');
    expect(gateway.contentSources['connect-src']).toContain(
      'https://api.sandbox.braintreegateway.com',
    );
    expect(paymentsConfigView(gateway.mode, config.payments)).toEqual({
      mode: 'braintree',
      paypal_client_id: 'AbC-123_x',
      google_pay: { merchant_id: 'BCR2DN4T', environment: 'TEST' },
      shop_name: 'Everbloom',
    });
    const live = loadConfig({ ...KEYS, BRAINTREE_ENVIRONMENT: 'production' });
    expect(paymentGatewayFor(live, db).contentSources['connect-src']).toContain(
      'https://api.braintreegateway.com',
    );
    expect(paymentsConfigView('braintree', live.payments).google_pay.environment).toBe(
      'PRODUCTION',
    );
  });

  it('refuses to start with some of the Braintree keys, naming the missing ones', () => {
    expect(() =>
      loadConfig({ BRAINTREE_MERCHANT_ID: 'm3rchant', BRAINTREE_PUBLIC_KEY: 'publickey1' }),
    ).toThrow(
      /BRAINTREE_PRIVATE_KEY must be set together with BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ BRAINTREE_PRIVATE_KEY: 'p' })).toThrow(ConfigError);
    expect(() => loadConfig({ BRAINTREE_ENVIRONMENT: 'production' })).toThrow(
      /BRAINTREE_ENVIRONMENT is set, but BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY are not/,
    );
    expect(() => loadConfig({ ...KEYS, BRAINTREE_ENVIRONMENT: 'live' })).toThrow(
      /BRAINTREE_ENVIRONMENT must be sandbox or production/,
    );
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'a b' })).toThrow(/PAYPAL_CLIENT_ID must be/);
  });

  it('warns a production start that would take no real money', () => {
    expect(paymentWarnings(loadConfig({}))).toEqual([]);
    const demo = loadConfig({ ...PRODUCTION, PAYMENTS_TEST_MODE: 'true' });
    expect(paymentGatewayFor(demo, db).mode).toBe('test');
    expect(paymentWarnings(demo)).toEqual([
      expect.stringMatching(/^PAYMENTS_TEST_MODE is true: payments run in test mode/),
    ]);
    expect(paymentWarnings(loadConfig({ ...PRODUCTION, ...KEYS }))).toEqual([
      expect.stringMatching(/^BRAINTREE_ENVIRONMENT is sandbox/),
    ]);
    const live = { ...PRODUCTION, ...KEYS, BRAINTREE_ENVIRONMENT: 'production' };
    expect(paymentWarnings(loadConfig(live))).toEqual([
      expect.stringMatching(/^GOOGLE_PAY_MERCHANT_ID is unset/),
    ]);
    expect(paymentWarnings(loadConfig({ ...live, GOOGLE_PAY_MERCHANT_ID: 'BCR2DN4T' }))).toEqual(
      [],
    );
  });
});
