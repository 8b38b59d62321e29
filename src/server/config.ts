/**
 * The shop's configuration: read from the environment once, validated with zod.
 * The only module that reads process.env. A bad value stops start-up with a
 * message naming the variable.
 */
import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_LOOKUP_IDENTIFIER } from './adapters/address-lookup/port.ts';
import { POSTCODER_KEY } from './adapters/address-lookup/postcoder.ts';
import type { DocumentSeller } from '../domain/vat-document.ts';

/** The cookie secret used when COOKIE_SECRET is unset (never in production). */
export const DEV_COOKIE_SECRET = 'everbloom-development-cookie-secret-change-me';

/** What Fastify's `trustProxy` takes: all, none, a hop count, or the proxies' addresses. */
export type TrustProxy = boolean | number | string[];

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An IPv4/IPv6 address, optionally with a CIDR prefix length, or a named range. */
function isProxyAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

const TRUST_PROXY_MESSAGE =
  'must be true, false, a hop count, or comma-separated proxy addresses or CIDR ranges';

/**
 * TRUST_PROXY: `true`/`false`, a hop count (`1`: the one load balancer in front), or
 * the proxies' addresses (`10.0.0.1,10.1.0.0/16`). Only X-Forwarded-For entries added
 * by trusted proxies count, so a client cannot choose its own address.
 */
const trustProxy = z.string().transform((value, ctx): TrustProxy => {
  const text = value.trim().toLowerCase();
  if (['true', 'yes'].includes(text)) return true;
  if (['false', 'no'].includes(text)) return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  if (entries.every((entry) => entry !== '' && isProxyAddress(entry))) return entries;
  ctx.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
  return z.NEVER;
});

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

/** The Braintree API keys: all three or none. */
const BRAINTREE_KEYS = [
  'BRAINTREE_MERCHANT_ID',
  'BRAINTREE_PUBLIC_KEY',
  'BRAINTREE_PRIVATE_KEY',
] as const;

/** What VAT invoices say of the seller: required in production. */
const SELLER_KEYS = ['SHOP_LEGAL_NAME', 'SHOP_ADDRESS', 'SHOP_VAT_NUMBER'] as const;

/** The seller printed on invoices outside production when SHOP_ variables are unset. */
export const SAMPLE_SELLER: DocumentSeller = {
  name: 'Everbloom Gardens Ltd (sample)',
  address: ['1 Sample Street', 'London', 'EC1A 1AA', 'United Kingdom'],
  vat_number: 'GB000000000',
};

const envSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], {
        error: 'must be development, production or test',
      })
      .default('development'),
    HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
    PORT: z.coerce
      .number({ error: 'must be a whole number between 1 and 65535' })
      .int('must be a whole number between 1 and 65535')
      .min(1, 'must be a whole number between 1 and 65535')
      .max(65535, 'must be a whole number between 1 and 65535')
      .default(3000),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
    DATABASE_POOL_SIZE: z.coerce
      .number({ error: 'must be a whole number from 1 to 100' })
      .int('must be a whole number from 1 to 100')
      .min(1, 'must be a whole number from 1 to 100')
      .max(100, 'must be a whole number from 1 to 100')
      .default(10),
    DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
    MEDIA_DIR: z.string().min(1, 'must not be empty').default('./data/media'),
    COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
    TRUST_PROXY: trustProxy.default(false),
    SEED_DEMO: booleanFlag.optional(),
    PUBLIC_URL: z
      .string()
      .regex(
        /^https?:\/\/[^\s/]+(:\d+)?$/,
        'must be an http(s) origin such as https://shop.example',
      )
      .optional(),
    TURNSTILE_SITE_KEY: z.string().min(1).optional(),
    TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z
      .string()
      .min(3, 'must be a sender such as Everbloom <shop@example.com>')
      .default('Everbloom <shop@everbloom.example>'),
    POSTCODER_API_KEY: z
      .string()
      .regex(POSTCODER_KEY, 'must be a Postcoder key such as PCW45-12345-12345-1234X')
      .optional(),
    POSTCODER_IDENTIFIER: z
      .string()
      .trim()
      .regex(/^[\w .-]{1,50}$/, 'must be 1 to 50 letters, digits, spaces, dots or dashes')
      .default(DEFAULT_LOOKUP_IDENTIFIER),
    BRAINTREE_MERCHANT_ID: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a Braintree merchant id (letters and digits)')
      .optional(),
    BRAINTREE_PUBLIC_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a Braintree public key (letters and digits)')
      .optional(),
    BRAINTREE_PRIVATE_KEY: z.string().trim().min(1).max(128).optional(),
    BRAINTREE_ENVIRONMENT: z
      .enum(['sandbox', 'production'], { error: 'must be sandbox or production' })
      .optional(),
    PAYPAL_CLIENT_ID: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,128}$/, 'must be a PayPal client id (letters, digits, - and _)')
      .optional(),
    PAYMENTS_TEST_MODE: booleanFlag.optional(),
    ALLOW_INDEXING: booleanFlag.optional(),
    BRAINTREE_TIMEOUT_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds from 1 to 120' })
      .min(1, 'must be a number of seconds from 1 to 120')
      .max(120, 'must be a number of seconds from 1 to 120')
      .default(30),
    GOOGLE_PAY_MERCHANT_ID: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{1,40}$/, 'must be a Google Pay merchant id (letters and digits)')
      .optional(),
    CATALOGUE_CACHE_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds from 0 to 3600' })
      .min(0, 'must be a number of seconds from 0 to 3600')
      .max(3600, 'must be a number of seconds from 0 to 3600')
      .default(5),
    SQL_STATEMENTS_HEADER: booleanFlag.optional(),
    SHUTDOWN_GRACE_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds from 0 to 600' })
      .min(0, 'must be a number of seconds from 0 to 600')
      .max(600, 'must be a number of seconds from 0 to 600')
      .default(10),
    SHOP_LEGAL_NAME: z.string().trim().min(2, 'must be the shop’s legal name').max(120).optional(),
    SHOP_ADDRESS: z
      .string()
      .trim()
      .regex(/^[^,]+(,[^,]+){1,7}$/, 'must be 2 to 8 address lines separated by commas')
      .optional(),
    SHOP_VAT_NUMBER: z
      .string()
      .transform((value) => value.replace(/\s+/g, '').toUpperCase())
      .pipe(
        z
          .string()
          .regex(
            /^(GB|XI)(\d{9}|\d{12}|GD\d{3}|HA\d{3})$/,
            'must be a UK VAT number such as GB123456789',
          ),
      )
      .optional(),
    JOBS_IN_WEB: booleanFlag.optional(),
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{24,256}$/, 'must be 24 to 256 visible characters (no spaces)')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.TURNSTILE_SITE_KEY) !== Boolean(env.TURNSTILE_SECRET_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.TURNSTILE_SITE_KEY ? 'TURNSTILE_SECRET_KEY' : 'TURNSTILE_SITE_KEY'],
        message: 'must be set together with the other TURNSTILE_ key',
      });
    }
    if (env.NODE_ENV === 'production' && !env.TURNSTILE_SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['TURNSTILE_SECRET_KEY'],
        message: 'is required in production (test-mode captcha accepts a public dummy token)',
      });
    }
    const braintreeKeys = BRAINTREE_KEYS.filter((key) => env[key]);
    if (braintreeKeys.length > 0 && braintreeKeys.length < BRAINTREE_KEYS.length) {
      for (const key of BRAINTREE_KEYS.filter((name) => !env[name])) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `must be set together with ${braintreeKeys.join(', ')} (the Braintree API keys)`,
        });
      }
    }
    // Test-mode payments accept public fake nonces from anyone: a production shop
    // takes them only when told to on purpose (a demo shop, ADR 041).
    const wantsTestMode = env.PAYMENTS_TEST_MODE ?? env.NODE_ENV !== 'production';
    if (braintreeKeys.length === 0 && !wantsTestMode) {
      for (const key of BRAINTREE_KEYS) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message:
            env.PAYMENTS_TEST_MODE === false
              ? 'is required when PAYMENTS_TEST_MODE is false'
              : 'is required in production (test-mode payments accept public test cards ' +
                'from anyone; set PAYMENTS_TEST_MODE=true only for a demo shop)',
        });
      }
    }
    if (env.PAYMENTS_TEST_MODE === true && braintreeKeys.length > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENTS_TEST_MODE'],
        message: 'is true, but the Braintree keys are set: unset one or the other',
      });
    }
    if (env.BRAINTREE_ENVIRONMENT && braintreeKeys.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['BRAINTREE_ENVIRONMENT'],
        message:
          'is set, but BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY are not',
      });
    }
    // A VAT invoice must name its seller, their address and VAT number (ADR 071): a
    // production shop does not start without them rather than issue invalid invoices.
    if (env.NODE_ENV === 'production') {
      for (const key of SELLER_KEYS.filter((name) => !env[name])) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'is required in production (printed on every VAT invoice and credit note)',
        });
      }
    }
    if (env.NODE_ENV === 'production' && !env.COOKIE_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['COOKIE_SECRET'],
        message: 'is required in production (at least 32 random characters)',
      });
    }
  });

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  database:
    { kind: 'postgres'; url: string; poolSize: number } | { kind: 'pglite'; dataDir: string };
  /** Folder of product pictures, served at /media/. */
  mediaDir: string;
  cookieSecret: string;
  logLevel: string;
  /** Which X-Forwarded-* senders to believe (Fastify's `trustProxy`). */
  trustProxy: TrustProxy;
  /**
   * Load the demo catalogue, vouchers and accounts: outside production by default,
   * in production only with SEED_DEMO=true.
   */
  seedDemo: boolean;
  /** How long reference data (catalogue, delivery, offers) is cached in each process. */
  catalogueCacheMs: number;
  /** The shop's public origin, for links in emails. */
  publicUrl: string;
  /**
   * Whether search engines may index the shop (ALLOW_INDEXING), or null: only when
   * payments are real (ADR 059).
   */
  allowIndexing: boolean | null;
  /** Cloudflare Turnstile keys, or null for the offline test-mode captcha. */
  turnstile: { siteKey: string; secretKey: string } | null;
  /** SMTP server for outgoing email, or null for the outbox table. */
  smtp: { url: string; from: string } | null;
  /**
   * The browser's UK postcode lookup: Postcoder with its web key, or (key null) the
   * shop's test-mode stand-in with bundled addresses. `identifier` labels the requests.
   */
  addressLookup: { postcoderApiKey: string | null; identifier: string };
  /** The payment gateway and the browser's wallets (ADR 018). */
  payments: PaymentsConfig;
  /** Replies say how many SQL statements their request sent (benchmarks; ADR 022). */
  sqlStatementsHeader: boolean;
  /** Who may read GET /metrics (ADR 028). */
  metrics: MetricsAccess;
  /** How long a shutdown may wait for requests and the database before exiting anyway (ADR 043). */
  shutdownGraceMs: number;
  /**
   * The seller on VAT invoices and credit notes (SHOP_LEGAL_NAME, SHOP_ADDRESS,
   * SHOP_VAT_NUMBER; ADR 071): required in production, sample values elsewhere.
   */
  seller: DocumentSeller;
  /**
   * Whether the web process also runs background jobs (JOBS_IN_WEB, default true); false
   * when `npm run worker` runs them apart (ADR 069). Either way the web process queues them.
   */
  jobsInWeb: boolean;
}

/**
 * Who may read GET /metrics: holders of a bearer token (METRICS_TOKEN), callers on this
 * machine (no token, outside production), or nobody (no token, production: not served).
 */
export type MetricsAccess = { token: string } | 'loopback' | 'off';

export interface PaymentsConfig {
  /**
   * Braintree's API keys and request timeout, or null for the offline test-mode gateway
   * (outside production with no keys, or PAYMENTS_TEST_MODE=true; ADR 041).
   */
  braintree: {
    environment: 'sandbox' | 'production';
    merchantId: string;
    publicKey: string;
    privateKey: string;
    /** How long one Braintree request may take (BRAINTREE_TIMEOUT_SECONDS). */
    timeoutMs: number;
  } | null;
  /** PayPal's client id for the browser's PayPal SDK, if the shop has one. */
  paypalClientId: string | null;
  /** Google Pay's merchant id (needed in Google Pay's PRODUCTION environment). */
  googlePayMerchantId: string | null;
  /**
   * Signs the test-mode gateway's client tokens and webhooks: derived from COOKIE_SECRET
   * (an HMAC of it), so it changes with it and is never the cookie key itself.
   */
  testModeSecret: string;
}

/** Raised for an invalid environment; its message names each bad variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the configuration from `env` (process.env by default). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  // Treat empty strings as unset, as shells and .env files often leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')} ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.data;
  const cookieSecret = e.COOKIE_SECRET ?? DEV_COOKIE_SECRET;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: e.DATA_DIR },
    mediaDir: e.MEDIA_DIR,
    cookieSecret,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    seedDemo: e.SEED_DEMO ?? e.NODE_ENV !== 'production',
    catalogueCacheMs: Math.round(e.CATALOGUE_CACHE_SECONDS * 1000),
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    allowIndexing: e.ALLOW_INDEXING ?? null,
    turnstile:
      e.TURNSTILE_SITE_KEY && e.TURNSTILE_SECRET_KEY
        ? { siteKey: e.TURNSTILE_SITE_KEY, secretKey: e.TURNSTILE_SECRET_KEY }
        : null,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.MAIL_FROM } : null,
    addressLookup: {
      postcoderApiKey: e.POSTCODER_API_KEY ?? null,
      identifier: e.POSTCODER_IDENTIFIER,
    },
    payments: {
      braintree:
        e.BRAINTREE_MERCHANT_ID && e.BRAINTREE_PUBLIC_KEY && e.BRAINTREE_PRIVATE_KEY
          ? {
              environment: e.BRAINTREE_ENVIRONMENT ?? 'sandbox',
              merchantId: e.BRAINTREE_MERCHANT_ID,
              publicKey: e.BRAINTREE_PUBLIC_KEY,
              privateKey: e.BRAINTREE_PRIVATE_KEY,
              timeoutMs: Math.round(e.BRAINTREE_TIMEOUT_SECONDS * 1000),
            }
          : null,
      paypalClientId: e.PAYPAL_CLIENT_ID ?? null,
      googlePayMerchantId: e.GOOGLE_PAY_MERCHANT_ID ?? null,
      testModeSecret: createHmac('sha256', cookieSecret)
        .update('everbloom test-mode payment gateway')
        .digest('hex'),
    },
    sqlStatementsHeader: e.SQL_STATEMENTS_HEADER ?? false,
    shutdownGraceMs: Math.round(e.SHUTDOWN_GRACE_SECONDS * 1000),
    seller: {
      name: e.SHOP_LEGAL_NAME ?? SAMPLE_SELLER.name,
      address: e.SHOP_ADDRESS
        ? e.SHOP_ADDRESS.split(',').map((line) => line.trim())
        : SAMPLE_SELLER.address,
      vat_number: e.SHOP_VAT_NUMBER ?? SAMPLE_SELLER.vat_number,
    },
    jobsInWeb: e.JOBS_IN_WEB ?? true,
    metrics: e.METRICS_TOKEN
      ? { token: e.METRICS_TOKEN }
      : e.NODE_ENV === 'production'
        ? 'off'
        : 'loopback',
  };
}

/** Whether `host` only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

/**
 * Development defaults that make a shop reachable from other machines unsafe: the
 * captcha that accepts a public dummy token, the published cookie secret, test-mode
 * payments that accept public test cards, and the outbox page that shows anyone the
 * password-reset links. Empty in production, which refuses the first three (test-mode
 * payments only on purpose, PAYMENTS_TEST_MODE=true) and never serves the outbox.
 */
export function unsafeDefaults(config: AppConfig): string[] {
  const unsafe: string[] = [];
  if (!config.turnstile) unsafe.push('test-mode captcha (accepts a public dummy token)');
  if (!config.payments.braintree && config.env !== 'production')
    unsafe.push('test-mode payments (accept public test cards)');
  if (config.cookieSecret === DEV_COOKIE_SECRET)
    unsafe.push('development cookie secret (COOKIE_SECRET unset)');
  if (config.env !== 'production')
    unsafe.push('open email outbox at /dev/outbox (shows password-reset links)');
  return unsafe;
}

/**
 * The one warning for a start that listens beyond this machine with development
 * defaults, naming each; null when listening on loopback or nothing is unsafe.
 */
export function exposedDefaultsWarning(config: AppConfig): string | null {
  if (isLoopbackHost(config.host)) return null;
  const unsafe = unsafeDefaults(config);
  if (unsafe.length === 0) return null;
  return (
    `HOST ${config.host} accepts connections from other machines, but the shop runs with ` +
    `development defaults: ${unsafe.join('; ')}. Set NODE_ENV=production, COOKIE_SECRET, ` +
    `TURNSTILE_SITE_KEY/TURNSTILE_SECRET_KEY and the BRAINTREE_ keys, or listen on 127.0.0.1.`
  );
}

/**
 * In production, a PUBLIC_URL on this machine (the default) is a mistake: emails would
 * link to it, and behind a proxy that terminates TLS the shop would not recognise its
 * own pages' origin and refuse their writes. Null when fine.
 */
export function publicUrlWarning(config: AppConfig): string | null {
  if (config.env !== 'production' || !isLoopbackHost(new URL(config.publicUrl).hostname))
    return null;
  return (
    `PUBLIC_URL is ${config.publicUrl}: emails will link there, and behind a proxy that ` +
    `terminates TLS browsers' writes are refused. Set PUBLIC_URL to the shop's public origin.`
  );
}
