import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

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
    expect(attempt).toThrow(/TRUST_PROXY must be true or false/);
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
    const production = loadConfig({
      NODE_ENV: 'production',
      COOKIE_SECRET: 'x'.repeat(40),
      TURNSTILE_SITE_KEY: '0x4AAAAAAA',
      TURNSTILE_SECRET_KEY: '0x4AAAAAAA-secret',
    });
    expect(production.cookieSecret).toBe('x'.repeat(40));
    expect(production.turnstile).toEqual({ siteKey: '0x4AAAAAAA', secretKey: '0x4AAAAAAA-secret' });
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
});
