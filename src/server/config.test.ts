import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  exposedDefaultsWarning,
  isLoopbackHost,
  loadConfig,
  publicUrlWarning,
  SAMPLE_SELLER,
  unsafeDefaults,
} from './config.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  SHOP_LEGAL_NAME: 'Everbloom Gardens Ltd',
  SHOP_ADDRESS: '1 High Street, London, EC1A 1AA',
  SHOP_VAT_NUMBER: 'GB123456789',
  COOKIE_SECRET: 'x'.repeat(40),
  TURNSTILE_SITE_KEY: '0x4AAAAAAA',
  TURNSTILE_SECRET_KEY: '0x4AAAAAAA-secret',
  BRAINTREE_MERCHANT_ID: 'm3rchant',
  BRAINTREE_PUBLIC_KEY: 'publickey1',
  BRAINTREE_PRIVATE_KEY: 'privatekey1',
};

describe('loadConfig', () => {
  it('runs offline with no configuration at all', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      database: { kind: 'pglite', dataDir: './data' },
      logLevel: 'info',
    });
    expect(config.cookieSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('serves /metrics on loopback outside production, to METRICS_TOKEN, and not at all in production without it', () => {
    expect(loadConfig({}).metrics).toBe('loopback');
    expect(loadConfig(PRODUCTION).metrics).toBe('off');
    const token = 'a-metrics-token-of-32-characters';
    expect(loadConfig({ ...PRODUCTION, METRICS_TOKEN: token }).metrics).toEqual({ token });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must be 24 to 256 visible characters/,
    );
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    expect(
      loadConfig({ DATABASE_URL: 'postgres://shop@db:5432/shop', DATABASE_POOL_SIZE: '20' })
        .database,
    ).toEqual({
      kind: 'postgres',
      url: 'postgres://shop@db:5432/shop',
      poolSize: 20,
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).database.kind).toBe('pglite');
  });

  it('names each bad variable', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: 'maybe',
      });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT must be a whole number between 1 and 65535/);
    expect(attempt).toThrow(/DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/);
    expect(attempt).toThrow(/LOG_LEVEL must be one of/);
    expect(attempt).toThrow(/TRUST_PROXY must be true, false, a hop count, or comma-separated/);
  });

  it('requires a real cookie secret and a real captcha in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /COOKIE_SECRET is required in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /TURNSTILE_SECRET_KEY is required in production/,
    );
    expect(() => loadConfig({ COOKIE_SECRET: 'short' })).toThrow(
      /COOKIE_SECRET must be at least 32 characters/,
    );
    const production = loadConfig(PRODUCTION);
    expect(production.cookieSecret).toBe('x'.repeat(40));
    expect(production.turnstile).toEqual({ siteKey: '0x4AAAAAAA', secretKey: '0x4AAAAAAA-secret' });
  });

  it('names the seller of VAT invoices: required in production, sample values elsewhere', () => {
    expect(loadConfig({}).seller).toEqual(SAMPLE_SELLER);
    const shop = loadConfig({
      SHOP_LEGAL_NAME: ' Everbloom Gardens Ltd ',
      SHOP_ADDRESS: '1 High Street,  London , EC1A 1AA',
      SHOP_VAT_NUMBER: 'gb 123 4567 89',
    });
    expect(shop.seller).toEqual({
      name: 'Everbloom Gardens Ltd',
      address: ['1 High Street', 'London', 'EC1A 1AA'],
      vat_number: 'GB123456789',
    });
    expect(loadConfig({ SHOP_VAT_NUMBER: 'XI123456789012' }).seller.vat_number).toBe(
      'XI123456789012',
    );
    expect(() => loadConfig({ SHOP_VAT_NUMBER: 'FR12345678901' })).toThrow(
      /SHOP_VAT_NUMBER must be a UK VAT number such as GB123456789/,
    );
    expect(() => loadConfig({ SHOP_ADDRESS: 'Nowhere' })).toThrow(
      /SHOP_ADDRESS must be 2 to 8 address lines separated by commas/,
    );
    const unnamed = {
      ...PRODUCTION,
      SHOP_LEGAL_NAME: '',
      SHOP_ADDRESS: '',
      SHOP_VAT_NUMBER: '',
    };
    for (const key of ['SHOP_LEGAL_NAME', 'SHOP_ADDRESS', 'SHOP_VAT_NUMBER']) {
      expect(() => loadConfig(unnamed)).toThrow(new RegExp(`${key} is required in production`));
    }
    expect(loadConfig(PRODUCTION).seller.vat_number).toBe('GB123456789');
  });

  it('refuses a production start without the Braintree keys, naming them, unless test mode is asked for', () => {
    const keyless = {
      ...PRODUCTION,
      BRAINTREE_MERCHANT_ID: '',
      BRAINTREE_PUBLIC_KEY: '',
      BRAINTREE_PRIVATE_KEY: '',
    };
    const attempt = () => loadConfig(keyless);
    expect(attempt).toThrow(ConfigError);
    for (const key of ['BRAINTREE_MERCHANT_ID', 'BRAINTREE_PUBLIC_KEY', 'BRAINTREE_PRIVATE_KEY'])
      expect(attempt).toThrow(new RegExp(`${key} is required in production`));
    expect(attempt).toThrow(/set PAYMENTS_TEST_MODE=true only for a demo shop/);
    // A demo shop, on purpose.
    expect(loadConfig({ ...keyless, PAYMENTS_TEST_MODE: 'true' }).payments.braintree).toBeNull();
    // Development stays in test mode by default; it can be told to insist on the keys.
    expect(loadConfig({}).payments.braintree).toBeNull();
    expect(() => loadConfig({ PAYMENTS_TEST_MODE: 'false' })).toThrow(
      /BRAINTREE_MERCHANT_ID is required when PAYMENTS_TEST_MODE is false/,
    );
    // Keys and test mode together would leave the reader guessing which one is in use.
    expect(() => loadConfig({ ...PRODUCTION, PAYMENTS_TEST_MODE: 'yes' })).toThrow(
      /PAYMENTS_TEST_MODE is true, but the Braintree keys are set/,
    );
    expect(
      loadConfig({ ...PRODUCTION, PAYMENTS_TEST_MODE: 'false' }).payments.braintree,
    ).not.toBeNull();
  });

  it('gives Braintree requests 30 seconds unless BRAINTREE_TIMEOUT_SECONDS says otherwise', () => {
    expect(loadConfig(PRODUCTION).payments.braintree?.timeoutMs).toBe(30_000);
    expect(
      loadConfig({ ...PRODUCTION, BRAINTREE_TIMEOUT_SECONDS: '12.5' }).payments.braintree
        ?.timeoutMs,
    ).toBe(12_500);
    expect(() => loadConfig({ ...PRODUCTION, BRAINTREE_TIMEOUT_SECONDS: '0' })).toThrow(
      /BRAINTREE_TIMEOUT_SECONDS must be a number of seconds from 1 to 120/,
    );
  });

  it('lets search engines index the shop as its payments decide, unless ALLOW_INDEXING says (ADR 059)', () => {
    expect(loadConfig({}).allowIndexing).toBeNull();
    expect(loadConfig({ ALLOW_INDEXING: 'true' }).allowIndexing).toBe(true);
    expect(loadConfig({ ...PRODUCTION, ALLOW_INDEXING: 'false' }).allowIndexing).toBe(false);
    expect(() => loadConfig({ ALLOW_INDEXING: 'maybe' })).toThrow(
      /ALLOW_INDEXING must be true or false/,
    );
  });

  it('configures the vendors only when asked, and checks their settings', () => {
    expect(loadConfig({})).toMatchObject({
      turnstile: null,
      smtp: null,
      publicUrl: 'http://localhost:3000',
    });
    expect(() => loadConfig({ TURNSTILE_SITE_KEY: 'site-only' })).toThrow(
      /TURNSTILE_SECRET_KEY must be set together with the other TURNSTILE_ key/,
    );
    expect(() => loadConfig({ SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL must be an smtp/);
    expect(() => loadConfig({ PUBLIC_URL: 'shop.example' })).toThrow(
      /PUBLIC_URL must be an http\(s\) origin/,
    );
    expect(loadConfig({ SMTP_URL: 'smtp://mail.example:587' }).smtp).toEqual({
      url: 'smtp://mail.example:587',
      from: 'Everbloom <shop@everbloom.example>',
    });
  });

  it('loads demo data outside production, and in production only when asked', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(loadConfig(PRODUCTION).seedDemo).toBe(false);
    expect(loadConfig({ ...PRODUCTION, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(() => loadConfig({ SEED_DEMO: 'please' })).toThrow(/SEED_DEMO must be true or false/);
  });

  it('takes every form of TRUST_PROXY that Fastify understands', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1' }).trustProxy).toEqual(['10.0.0.1']);
    expect(
      loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,fd00::/8, loopback' }).trustProxy,
    ).toEqual(['10.0.0.1', '10.1.0.0/16', 'fd00::/8', 'loopback']);
    for (const bad of ['maybe', '10.0.0.300', '10.0.0.0/33', '10.0.0.1,', 'proxy.example', '-1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY must be true, false, a hop count, or comma-separated proxy addresses/,
      );
    }
  });

  it('tells loopback hosts from ones other machines reach', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'shop.example'])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('warns once, naming each development default, when listening beyond loopback', () => {
    expect(exposedDefaultsWarning(loadConfig({}))).toBeNull();
    const warning = exposedDefaultsWarning(loadConfig({ HOST: '0.0.0.0' }));
    expect(warning).toMatch(/^HOST 0\.0\.0\.0 accepts connections from other machines/);
    expect(warning).toContain('test-mode captcha');
    expect(warning).toContain('development cookie secret');
    expect(warning).toContain('test-mode payments');
    expect(warning).toContain('open email outbox at /dev/outbox');

    const partly = loadConfig({ HOST: '0.0.0.0', COOKIE_SECRET: 'y'.repeat(32) });
    expect(unsafeDefaults(partly)).toEqual([
      'test-mode captcha (accepts a public dummy token)',
      'test-mode payments (accept public test cards)',
      'open email outbox at /dev/outbox (shows password-reset links)',
    ]);
    expect(exposedDefaultsWarning(partly)).not.toContain('cookie secret');
    expect(exposedDefaultsWarning(loadConfig({ ...PRODUCTION, HOST: '0.0.0.0' }))).toBeNull();
  });

  it('warns when production would link to, and only trust, this machine', () => {
    expect(publicUrlWarning(loadConfig(PRODUCTION))).toMatch(
      /^PUBLIC_URL is http:\/\/localhost:3000: emails will link there/,
    );
    expect(
      publicUrlWarning(loadConfig({ ...PRODUCTION, PUBLIC_URL: 'https://shop.example' })),
    ).toBeNull();
    expect(publicUrlWarning(loadConfig({}))).toBeNull();
  });

  it('keeps product pictures in ./data/media unless MEDIA_DIR says otherwise', () => {
    expect(loadConfig({}).mediaDir).toBe('./data/media');
    expect(loadConfig({ MEDIA_DIR: '/srv/everbloom/media' }).mediaDir).toBe('/srv/everbloom/media');
  });

  it('adds the statement-count header only when SQL_STATEMENTS_HEADER asks', () => {
    expect(loadConfig({}).sqlStatementsHeader).toBe(false);
    expect(loadConfig({ SQL_STATEMENTS_HEADER: 'true' }).sqlStatementsHeader).toBe(true);
    expect(() => loadConfig({ SQL_STATEMENTS_HEADER: 'sometimes' })).toThrow(
      /SQL_STATEMENTS_HEADER must be true or false/,
    );
  });

  it('runs background jobs in the web process unless JOBS_IN_WEB is false (ADR 069)', () => {
    expect(loadConfig({}).jobsInWeb).toBe(true);
    expect(loadConfig({ JOBS_IN_WEB: 'false' }).jobsInWeb).toBe(false);
    expect(() => loadConfig({ JOBS_IN_WEB: 'worker' })).toThrow(
      /JOBS_IN_WEB must be true or false/,
    );
  });
});
