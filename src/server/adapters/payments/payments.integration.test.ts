/**
 * Payments through the whole app: what GET /api/v1/config tells the browser, the
 * test-mode Braintree client API the browser's test-mode payment client calls (card
 * details → nonce → 3-D Secure → nonce the sale accepts), and the content security
 * policy with Braintree configured.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsConfigView } from '../../../domain/api/payments-config.ts';
import {
  createTestApp,
  Shopper,
  TEST_COOKIE_SECRET,
  type TestApp,
} from '../../testing/test-app.ts';
import { braintreeGateway } from './braintree.ts';
import { TEST_MODE_CLIENT_API, testModeGateway, type TestModeGateway } from './test-mode.ts';

const NONCES = `${TEST_MODE_CLIENT_API}/nonces`;
const THREE_D_SECURE = `${TEST_MODE_CLIENT_API}/three_d_secure`;

describe('payments in test mode, through the app', () => {
  let testApp: TestApp;
  let gateway: TestModeGateway;
  let shopper: Shopper;
  let fingerprint = '';
  beforeAll(async () => {
    testApp = await createTestApp('pglite');
    shopper = new Shopper(testApp.app);
    // The same gateway the app made: same database and (cookie-derived) secret.
    gateway = testModeGateway({ db: testApp.handle.db, secret: TEST_COOKIE_SECRET });
    const token = await gateway.clientToken({ customerId: null });
    fingerprint = JSON.parse(
      Buffer.from(token, 'base64').toString('utf8'),
    ).authorizationFingerprint;
  });
  afterAll(() => testApp.close());

  const cardDetails = {
    cardType: 'Visa',
    lastFour: '2701',
    bin: '400000',
    expirationMonth: '01',
    expirationYear: '2029',
    cardholderName: 'Ada Lovelace',
  };

  it('tells the browser it is in test mode, with no wallet ids', async () => {
    const reply = await shopper.get<{ data: { payments: PaymentsConfigView } }>('/api/v1/config');
    expect(reply.body.data.payments).toEqual({
      mode: 'test',
      paypal_client_id: null,
      google_pay: { merchant_id: null, environment: 'TEST' },
      shop_name: 'Everbloom',
    });
  });

  it('turns card details into a nonce, 3-D Secure into a new nonce, and that into a sale', async () => {
    const minted = await shopper.post(NONCES, {
      authorization_fingerprint: fingerprint,
      type: 'CreditCard',
      fake_nonce: 'fake-valid-visa-nonce',
      details: cardDetails,
    });
    expect(minted.status).toBe(200);
    expect(minted.body.data).toEqual({
      nonce: expect.stringMatching(/^tokencc_/),
      type: 'CreditCard',
      details: cardDetails,
    });

    const secured = await shopper.post(THREE_D_SECURE, {
      authorization_fingerprint: fingerprint,
      nonce: minted.body.data.nonce,
      amount: '24.99',
      outcome: 'authenticated',
    });
    expect(secured.status).toBe(200);
    expect(secured.body.data).toEqual({
      nonce: expect.stringMatching(/^tokencc_/),
      liabilityShifted: true,
      liabilityShiftPossible: true,
      status: 'authenticate_successful',
    });
    expect(secured.body.data.nonce).not.toBe(minted.body.data.nonce);

    // The input nonce is spent; the new one pays, once.
    const again = await shopper.post(THREE_D_SECURE, {
      authorization_fingerprint: fingerprint,
      nonce: minted.body.data.nonce,
      amount: '24.99',
      outcome: 'authenticated',
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.nonce).toEqual(['Cannot use a payment_method_nonce more than once.']);

    const request = {
      amount: 2_499,
      nonce: secured.body.data.nonce as string,
      deviceData: '{"correlation_id":"0123456789abcdef0123456789abcdef"}',
      orderId: 'integration-order-1',
      billing: null,
      customerId: null,
      storeInVault: false,
    };
    expect(await gateway.sale(request)).toMatchObject({
      ok: true,
      sale: {
        amount: 2_499,
        paidWith: { type: 'credit_card', cardType: 'Visa', lastFour: '2701' },
      },
    });
    expect(await gateway.sale({ ...request, orderId: 'integration-order-2' })).toMatchObject({
      ok: false,
      refusal: {
        type: 'payment_method_error',
        message: 'Cannot use a payment_method_nonce more than once.',
      },
    });
  });

  it('keeps the issuer’s answer: a failed or unavailable 3-D Secure nonce does not pay', async () => {
    for (const [outcome, status] of [
      ['failed', 'authenticate_failed'],
      ['unavailable', 'lookup_not_enrolled'],
    ] as const) {
      const minted = await shopper.post(NONCES, {
        authorization_fingerprint: fingerprint,
        type: 'CreditCard',
        fake_nonce: 'fake-valid-visa-nonce',
        details: cardDetails,
      });
      const secured = await shopper.post(THREE_D_SECURE, {
        authorization_fingerprint: fingerprint,
        nonce: minted.body.data.nonce,
        amount: '24.99',
        outcome,
      });
      expect(secured.body.data).toMatchObject({ liabilityShifted: false, status });
      const result = await gateway.sale({
        amount: 2_499,
        nonce: secured.body.data.nonce,
        deviceData: '',
        orderId: `integration-3ds-${outcome}`,
        billing: null,
        customerId: null,
        storeInVault: false,
      });
      expect(result).toMatchObject({ ok: false, refusal: { type: 'payment_method_error' } });
    }
  });

  it('mints wallet nonces with their details', async () => {
    const reply = await shopper.post(NONCES, {
      authorization_fingerprint: fingerprint,
      type: 'PayPalAccount',
      fake_nonce: 'fake-paypal-one-time-nonce',
      details: { email: 'ada@example.com' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body.data).toEqual({
      nonce: expect.stringMatching(/^tokenpp_/),
      type: 'PayPalAccount',
      details: { email: 'ada@example.com' },
    });
  });

  it('refuses a forged or missing fingerprint with 401', async () => {
    const body = { type: 'CreditCard', fake_nonce: 'fake-valid-visa-nonce', details: {} };
    const forged = await shopper.post(NONCES, { ...body, authorization_fingerprint: 'abc.def' });
    expect(forged.status).toBe(401);
    expect(forged.body.error_type).toBe('unauthorized');
    const missing = await shopper.post(NONCES, body);
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors)).toEqual(['authorization_fingerprint']);
  });

  it('refuses bad input with the catalogue’s errors, naming the fields', async () => {
    const bad = await shopper.post(NONCES, {
      authorization_fingerprint: fingerprint,
      type: 'Cheque',
      fake_nonce: 'fake-valid-visa-nonce',
      details: { lastFour: '12', bin: '4111111111111111', number: '4111111111111111' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.error_type).toBe('validation');
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'details',
      'details.bin',
      'details.lastFour',
      'type',
    ]);

    const wrongType = await shopper.post(NONCES, {
      authorization_fingerprint: fingerprint,
      type: 'CreditCard',
      fake_nonce: 'fake-paypal-one-time-nonce',
    });
    expect(wrongType.status).toBe(422);
    expect(Object.keys(wrongType.body.errors)).toEqual(['fake_nonce']);

    const amount = await shopper.post(THREE_D_SECURE, {
      authorization_fingerprint: fingerprint,
      nonce: 'tokencc_whatever',
      amount: '0.00',
      outcome: 'maybe',
    });
    expect(amount.status).toBe(422);
    expect(Object.keys(amount.body.errors).sort()).toEqual(['amount', 'outcome']);

    const unknown = await shopper.post(THREE_D_SECURE, {
      authorization_fingerprint: fingerprint,
      nonce: 'tokencc_whatever',
      amount: '1.00',
      outcome: 'authenticated',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ nonce: ['Unknown or expired payment_method_nonce.'] });

    const notJson = await shopper.request({
      method: 'POST',
      url: NONCES,
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(notJson.status).toBe(400);
    expect(notJson.body.error_type).toBe('bad_request');
  });
});

describe('payments with Braintree configured', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    const settings = {
      environment: 'production' as const,
      merchantId: 'merchant',
      publicKey: 'public',
      privateKey: 'private',
      timeoutMs: 30_000,
    };
    testApp = await createTestApp('pglite', {
      payments: braintreeGateway(settings),
      wallets: {
        braintree: settings,
        paypalClientId: 'paypal-client-id',
        googlePayMerchantId: 'BCR2DN4T0000000',
      },
    });
  });
  afterAll(() => testApp.close());

  it('tells the browser to use Braintree, with the wallets’ ids, and serves no test-mode API', async () => {
    const shopper = new Shopper(testApp.app);
    const reply = await shopper.get('/api/v1/config');
    expect(reply.body.data.payments).toEqual({
      mode: 'braintree',
      paypal_client_id: 'paypal-client-id',
      google_pay: { merchant_id: 'BCR2DN4T0000000', environment: 'PRODUCTION' },
      shop_name: 'Everbloom',
    });
    const testMode = await shopper.post(NONCES, {});
    expect(testMode.status).toBe(404);
  });

  it('lets the page reach Braintree, 3-D Secure and the wallets, and nothing inline', async () => {
    const reply = await new Shopper(testApp.app).get('/api/v1/config');
    const policy = new Map(
      String(reply.headers['content-security-policy'])
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name = '', ...sources]) => [name, sources] as const),
    );
    expect(policy.get('connect-src')).toEqual(
      expect.arrayContaining([
        "'self'",
        'https://api.braintreegateway.com',
        'https://payments.braintree-api.com',
        'https://centinelapi.cardinalcommerce.com',
      ]),
    );
    expect(policy.get('frame-src')).toEqual(
      expect.arrayContaining(['https://assets.braintreegateway.com', 'https://pay.google.com']),
    );
    expect(policy.get('script-src')).toEqual(
      expect.arrayContaining([
        'https://js.braintreegateway.com',
        'https://songbird.cardinalcommerce.com',
        'https://www.paypal.com',
      ]),
    );
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('connect-src')).not.toContain('https://api.sandbox.braintreegateway.com');
  });
});
