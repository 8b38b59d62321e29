import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_WALLET_NONCES, type WalletNonceType } from '../../../domain/payments/nonce-types.ts';
import { ENGINES, openTestDatabase, type TestDatabase } from '../../testing/test-app.ts';
import { testModeGateway, type TestModeGateway } from './test-mode.ts';

const FRICTIONLESS = 'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce';

describe.each(ENGINES)('test-mode gateway on %s', (engine) => {
  let handle: TestDatabase;
  let gateway: TestModeGateway;
  let clock = new Date('2026-11-23T12:00:00Z');
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
    gateway = testModeGateway({
      db: handle.db,
      secret: 'test-secret-of-at-least-32-characters!!',
      publicUrl: 'https://shop.example',
      now: () => clock,
    });
  });
  afterAll(() => handle.close());

  let orderSeq = 0;
  const orderId = () => `test-mode-order-${++orderSeq}`;
  const sale = (nonce: string, extra: Partial<Parameters<TestModeGateway['sale']>[0]> = {}) =>
    gateway.sale({
      amount: 2_499,
      nonce,
      deviceData: '{"correlation_id":"0123456789abcdef0123456789abcdef"}',
      orderId: orderId(),
      billing: null,
      customerId: null,
      storeInVault: false,
      ...extra,
    });

  const ledger = (orderIdValue: string) =>
    handle.db
      .selectFrom('payment_ledger')
      .select(['kind', 'status', 'amount', 'charged'])
      .where('order_id', '=', orderIdValue)
      .orderBy('id')
      .execute();

  describe('test-mode client tokens', () => {
    const decode = (token: string) => JSON.parse(Buffer.from(token, 'base64').toString('utf8'));

    it('are base64 JSON that braintree-web can read, with the vault customer when given', async () => {
      const token = decode(await gateway.clientToken({ customerId: '42' }));
      expect(token).toMatchObject({
        version: 2,
        environment: 'test',
        configUrl: 'https://shop.example/api/v1/test-mode/braintree/client_api/config',
        graphQL: { url: 'https://shop.example/api/v1/test-mode/braintree/client_api/graphql' },
        customerId: '42',
      });
      expect(gateway.authorize(token.authorizationFingerprint)).toEqual({ customerId: '42' });
      const guest = decode(await gateway.clientToken({ customerId: null }));
      expect(guest.customerId).toBeUndefined();
      expect(gateway.authorize(guest.authorizationFingerprint)).toEqual({ customerId: null });
    });

    it('refuse a forged fingerprint, one from another secret, and one older than a day', async () => {
      const { authorizationFingerprint } = decode(await gateway.clientToken({ customerId: '42' }));
      const [claims] = authorizationFingerprint.split('.');
      const forged = Buffer.from(JSON.stringify({ customerId: '7', issuedAt: clock.getTime() }))
        .toString('base64url')
        .concat('.', authorizationFingerprint.split('.')[1]);
      expect(gateway.authorize(forged)).toBeNull();
      expect(gateway.authorize(`${claims}.00`)).toBeNull();
      const other = testModeGateway({
        db: handle.db,
        secret: 'another-secret-of-32-characters-or-more',
      });
      expect(other.authorize(authorizationFingerprint)).toBeNull();
      const issued = clock;
      clock = new Date(issued.getTime() + 25 * 60 * 60 * 1000);
      try {
        expect(gateway.authorize(authorizationFingerprint)).toBeNull();
      } finally {
        clock = issued;
      }
    });
  });

  describe('test-mode sales beyond the contract', () => {
    it('verifies a new card before charging: the verification is in the ledger', async () => {
      const id = orderId();
      const result = await sale(FRICTIONLESS, { orderId: id });
      expect(result.ok).toBe(true);
      expect(await ledger(id)).toEqual([
        { kind: 'verification', status: 'verified', amount: 0, charged: false },
        { kind: 'sale', status: 'submitted_for_settlement', amount: 2_499, charged: true },
      ]);
    });

    it('refuses a fraud-rejected or luhn-invalid card at verification, charging nothing', async () => {
      for (const nonce of ['fake-gateway-rejected-fraud-nonce', 'fake-luhn-invalid-nonce']) {
        const id = orderId();
        const result = await sale(nonce, { orderId: id });
        expect(result).toMatchObject({ ok: false, refusal: { type: 'payment_method_error' } });
        expect((await ledger(id)).filter((row) => row.kind === 'sale')).toEqual([]);
      }
    });

    it('refuses a card whose 3-D Secure failed, and 3DS lookup errors', async () => {
      const failed = await gateway.mintNonce({
        type: 'CreditCard',
        fakeNonce: 'fake-valid-visa-nonce',
        details: { lastFour: '2925', bin: '400000' },
      });
      const after = await gateway.threeDSecure({ nonce: failed!.nonce, outcome: 'failed' });
      expect(after).toMatchObject({ ok: true, threeDSecure: { status: 'authenticate_failed' } });
      if (!after.ok) return;
      expect(await sale(after.nonce)).toMatchObject({
        ok: false,
        refusal: { type: 'payment_method_error', message: expect.stringMatching(/3-D Secure/) },
      });
      expect(await sale('fake-three-d-secure-two-visa-error-on-lookup-nonce')).toMatchObject({
        ok: false,
        refusal: { type: 'payment_method_error' },
      });
    });

    it('runs 3-D Secure once per nonce and only on cards', async () => {
      const card = await gateway.mintNonce({
        type: 'CreditCard',
        fakeNonce: 'fake-valid-mastercard-nonce',
        details: {},
      });
      expect(card?.details).toMatchObject({ cardType: 'MasterCard', lastFour: '4444' });
      const first = await gateway.threeDSecure({ nonce: card!.nonce, outcome: 'authenticated' });
      expect(first.ok).toBe(true);
      expect(await gateway.threeDSecure({ nonce: card!.nonce, outcome: 'authenticated' })).toEqual({
        ok: false,
        reason: 'consumed',
      });
      const paypal = await gateway.mintNonce({
        type: 'PayPalAccount',
        fakeNonce: 'fake-paypal-one-time-nonce',
        details: { email: 'shopper@example.com' },
      });
      expect(
        await gateway.threeDSecure({ nonce: paypal!.nonce, outcome: 'authenticated' }),
      ).toEqual({
        ok: false,
        reason: 'not_card',
      });
      expect(await gateway.threeDSecure({ nonce: 'tokencc_nope', outcome: 'failed' })).toEqual({
        ok: false,
        reason: 'unknown',
      });
    });

    it('mints only Braintree fake nonces of the type asked for', async () => {
      expect(
        await gateway.mintNonce({
          type: 'CreditCard',
          fakeNonce: 'fake-paypal-one-time-nonce',
          details: {},
        }),
      ).toBeNull();
      expect(
        await gateway.mintNonce({ type: 'CreditCard', fakeNonce: 'made-up-nonce', details: {} }),
      ).toBeNull();
    });

    it('mints each wallet’s fake nonce, as the browser’s wallet simulations name it', async () => {
      const wallets = Object.entries(FAKE_WALLET_NONCES) as [WalletNonceType, string][];
      for (const [type, fakeNonce] of wallets) {
        const minted = await gateway.mintNonce({ type, fakeNonce, details: {} });
        expect(minted, fakeNonce).not.toBeNull();
        expect(await sale(minted!.nonce)).toMatchObject({ ok: true });
      }
    });

    it('lets a minted nonce expire after 3 hours, as Braintree’s do', async () => {
      const minted = await gateway.mintNonce({
        type: 'PayPalAccount',
        fakeNonce: 'fake-paypal-one-time-nonce',
        details: {},
      });
      await sql`UPDATE test_gateway_nonces SET created_at = now() - interval '3 hours 1 minute'
              WHERE nonce = ${minted!.nonce}`.execute(handle.db);
      expect(await sale(minted!.nonce)).toMatchObject({
        ok: false,
        refusal: {
          type: 'payment_method_error',
          message: 'Unknown or expired payment_method_nonce.',
        },
      });
    });

    it('refuses an unknown nonce and a missing amount', async () => {
      expect(await sale('tokencc_unknown')).toMatchObject({
        ok: false,
        refusal: {
          type: 'payment_method_error',
          message: 'Unknown or expired payment_method_nonce.',
        },
      });
      expect(await sale(FRICTIONLESS, { amount: 0 })).toMatchObject({
        ok: false,
        refusal: { type: 'missing_payment_parameters' },
      });
      expect(await sale('')).toMatchObject({
        ok: false,
        refusal: { type: 'missing_payment_parameters' },
      });
    });

    it('charges every sale for one order id, as Braintree does, racing or not', async () => {
      const id = orderId();
      const results = await Promise.all(
        [FRICTIONLESS, 'fake-paypal-one-time-nonce', 'fake-apple-pay-visa-nonce'].map((nonce) =>
          sale(nonce, { orderId: id }),
        ),
      );
      const ids = new Set(results.map((result) => (result.ok ? result.sale.transactionId : null)));
      expect(ids.size).toBe(3);
      expect(ids.has(null)).toBe(false);
      // A test counting the order's charges sees every one of them.
      expect((await ledger(id)).filter((row) => row.charged)).toHaveLength(3);
    });

    it('voids a sale once; the order id’s next sale is then the one found', async () => {
      const id = orderId();
      const first = await sale(FRICTIONLESS, { orderId: id });
      if (!first.ok) throw new Error('sale refused');
      expect(await gateway.reverse(first.sale.transactionId)).toEqual({ ok: true, kind: 'void' });
      expect(await gateway.reverse(first.sale.transactionId)).toEqual({ ok: true, kind: 'void' });
      const second = await sale('fake-paypal-one-time-nonce', { orderId: id });
      expect(second.ok && second.sale.transactionId).not.toBe(first.sale.transactionId);
      expect(await gateway.findByOrderId(id)).toMatchObject({
        id: second.ok ? second.sale.transactionId : '',
        succeeded: true,
      });
      expect((await ledger(id)).map((row) => [row.kind, row.status, row.charged])).toEqual([
        ['verification', 'verified', false],
        ['sale', 'voided', false],
        ['void', 'voided', false],
        ['sale', 'submitted_for_settlement', true],
      ]);
    });

    it('refunds a settled sale instead of voiding it, once', async () => {
      const id = orderId();
      const result = await sale(FRICTIONLESS, { orderId: id });
      if (!result.ok) throw new Error('sale refused');
      expect(await gateway.settle(result.sale.transactionId)).toBe(true);
      // Twice at once (a request and reconciliation), then once more: one refund.
      const reversals = await Promise.all([
        gateway.reverse(result.sale.transactionId),
        gateway.reverse(result.sale.transactionId),
      ]);
      for (const reversal of [...reversals, await gateway.reverse(result.sale.transactionId)]) {
        expect(reversal).toEqual({ ok: true, kind: 'refund' });
      }
      expect((await ledger(id)).map((row) => row.kind)).toEqual(['verification', 'sale', 'refund']);
      expect(await gateway.reverse('nosuchid')).toEqual({ ok: false, kind: null });
    });

    it('refunds a settled sale in parts up to its amount, ten at once never beyond it', async () => {
      const id = orderId();
      const result = await sale(FRICTIONLESS, { orderId: id });
      if (!result.ok) throw new Error('sale refused');
      const tx = result.sale.transactionId;
      // Before settlement a part cannot be given back; all of it is a void.
      expect(await gateway.refund(tx, 499)).toMatchObject({ ok: false, reason: 'unsettled' });
      expect(await gateway.settle(tx)).toBe(true);
      expect(await gateway.refund(tx, 499)).toMatchObject({ ok: true, kind: 'refund' });
      const outcomes = await Promise.all(Array.from({ length: 10 }, () => gateway.refund(tx, 500)));
      // 2,499 − 499 = 2,000 left: four refunds of 500 fit.
      expect(outcomes.filter((o) => o.ok)).toHaveLength(4);
      expect(outcomes.filter((o) => !o.ok)).toEqual(
        Array.from({ length: 6 }, () => ({
          ok: false,
          reason: 'refused',
          message: 'Refund amount is too large.',
        })),
      );
      const refunds = (await ledger(id)).filter((row) => row.kind === 'refund');
      expect(refunds.reduce((sum, row) => sum + row.amount, 0)).toBe(2_499);
      // Reversing it now finds it refunded in full.
      expect(await gateway.reverse(tx)).toEqual({ ok: true, kind: 'refund' });
      expect((await ledger(id)).filter((row) => row.kind === 'refund')).toHaveLength(5);
    });

    it('reverses the rest of a partly refunded sale', async () => {
      const id = orderId();
      const result = await sale(FRICTIONLESS, { orderId: id });
      if (!result.ok) throw new Error('sale refused');
      await gateway.settle(result.sale.transactionId);
      await gateway.refund(result.sale.transactionId, 1_000);
      expect(await gateway.reverse(result.sale.transactionId)).toEqual({
        ok: true,
        kind: 'refund',
      });
      expect(
        (await ledger(id)).filter((row) => row.kind === 'refund').map((row) => row.amount),
      ).toEqual([1_000, 1_499]);
    });

    it('keeps one default card per customer and moves it when the default is deleted', async () => {
      const customerId = 'test-mode-vault';
      for (const nonce of [FRICTIONLESS, 'fake-three-d-secure-visa-full-authentication-nonce']) {
        expect((await sale(nonce, { customerId, storeInVault: true })).ok).toBe(true);
      }
      const cards = await gateway.listCards(customerId);
      expect(cards.map((card) => [card.lastFour, card.default])).toEqual([
        ['2701', true],
        ['1000', false],
      ]);
      expect(await gateway.deleteCard(customerId, cards[0]!.token)).toBe(true);
      expect(
        (await gateway.listCards(customerId)).map((card) => [card.lastFour, card.default]),
      ).toEqual([['1000', true]]);
      expect(await gateway.deleteCard('someone-else', cards[1]!.token)).toBe(false);
      expect(await gateway.makeDefaultCard('someone-else', cards[1]!.token)).toBe(false);
    });
  });
});
