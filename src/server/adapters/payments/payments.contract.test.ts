/**
 * One contract for every PaymentGateway: the test-mode gateway (always, on a fresh test
 * database of each engine tested) and Braintree's sandbox when BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and
 * BRAINTREE_PRIVATE_KEY are set (sandbox keys only: it makes real sandbox transactions).
 * Both are driven with Braintree's documented fake nonces, which the sandbox accepts by
 * name and the test mode mirrors.
 */
import { randomBytes } from 'node:crypto';
import braintree from 'braintree';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, openTestDatabase, type TestDatabase } from '../../testing/test-app.ts';
import { braintreeGateway } from './braintree.ts';
import type { PaymentGateway, SaleRequest } from './port.ts';
import { testModeGateway, type TestModeGateway } from './test-mode.ts';

const FRICTIONLESS = 'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce';
const FULL_AUTHENTICATION = 'fake-three-d-secure-visa-full-authentication-nonce';

interface Implementation {
  name: string;
  skip: boolean;
  create(): Promise<PaymentGateway>;
  /** A signed webhook for a transaction, as the gateway would POST it. */
  sampleWebhook(
    kind: string,
    transactionId: string,
  ): Promise<{ signature: string; payload: string }>;
  /** Settles a sale now, as Braintree's daily batch would (the sandbox's testing.settle). */
  settle(transactionId: string): Promise<void>;
  close(): Promise<void>;
}

const env = process.env;
const sandboxKeys =
  env.BRAINTREE_MERCHANT_ID && env.BRAINTREE_PUBLIC_KEY && env.BRAINTREE_PRIVATE_KEY
    ? {
        environment: 'sandbox' as const,
        merchantId: env.BRAINTREE_MERCHANT_ID,
        publicKey: env.BRAINTREE_PUBLIC_KEY,
        privateKey: env.BRAINTREE_PRIVATE_KEY,
      }
    : null;

/** The test-mode gateway on a fresh test database of each engine this run tests. */
const testModes: Implementation[] = ENGINES.map((engine) => {
  let database: TestDatabase | null = null;
  let gateway: TestModeGateway | null = null;
  return {
    name: `test mode (${engine})`,
    skip: false,
    async create() {
      database = await openTestDatabase(engine);
      gateway = testModeGateway({
        db: database.db,
        secret: 'contract-test-secret-of-32-characters-or-more',
      });
      return gateway;
    },
    async sampleWebhook(kind, transactionId) {
      const sample = await gateway!.sampleNotification(kind, transactionId);
      return { signature: sample.bt_signature, payload: sample.bt_payload };
    },
    async settle(transactionId) {
      if (!(await gateway!.settle(transactionId))) throw new Error(`not settled: ${transactionId}`);
    },
    async close() {
      await database?.close();
    },
  };
});

const implementations: Implementation[] = [
  ...testModes,
  {
    name: 'Braintree sandbox',
    skip: !sandboxKeys,
    async create() {
      return braintreeGateway(sandboxKeys!, { timeoutMs: 30_000 });
    },
    async sampleWebhook(kind, transactionId) {
      const gateway = new braintree.BraintreeGateway({
        ...sandboxKeys!,
        environment: braintree.Environment.Sandbox,
      });
      const sample = await gateway.webhookTesting.sampleNotification(
        kind as braintree.WebhookNotificationKind,
        transactionId,
      );
      return { signature: sample.bt_signature, payload: sample.bt_payload };
    },
    async settle(transactionId) {
      const gateway = new braintree.BraintreeGateway({
        ...sandboxKeys!,
        environment: braintree.Environment.Sandbox,
      });
      await gateway.testing.settle(transactionId);
    },
    async close() {},
  },
];

/** Order ids unique to this run (the sandbox keeps every transaction). */
const runId = randomBytes(4).toString('hex');
let sequence = 0;
const newOrderId = () => `contract-${runId}-${++sequence}`;

describe.each(implementations)('payment gateway contract: $name', (impl) => {
  let gateway: PaymentGateway;
  beforeAll(async () => {
    if (!impl.skip) gateway = await impl.create();
  }, 60_000);
  afterAll(() => impl.close());

  const sale = (nonce: string, extra: Partial<SaleRequest> = {}) =>
    gateway.sale({
      amount: 1_250,
      nonce,
      deviceData: '',
      orderId: newOrderId(),
      billing: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        streetAddress: '1 Fern Lane',
        locality: 'London',
        postalCode: 'SE1 9QX',
        countryCodeAlpha2: 'GB',
      },
      customerId: null,
      storeInVault: false,
      ...extra,
    });

  describe.skipIf(impl.skip)('sales', () => {
    it('charges a 3-D Secure authenticated card nonce, found again by its order id', async () => {
      const orderId = newOrderId();
      const result = await sale(FRICTIONLESS, { orderId });
      expect(result).toMatchObject({
        ok: true,
        sale: {
          amount: 1_250,
          paidWith: { type: 'credit_card', cardType: 'Visa' },
          // Both adapters report the authentication the sale carried (ADR 054).
          threeDSecure: { liabilityShifted: true },
        },
      });
      if (!result.ok) return;
      expect(await gateway.findByOrderId(orderId)).toMatchObject({
        id: result.sale.transactionId,
        orderId,
        amount: 1_250,
        succeeded: true,
      });
    });

    it('refuses a card nonce that has not been through 3-D Secure', async () => {
      const orderId = newOrderId();
      const result = await sale('fake-valid-visa-nonce', { orderId });
      expect(result).toMatchObject({ ok: false, refusal: { type: 'payment_method_error' } });
      expect((await gateway.findByOrderId(orderId))?.succeeded ?? false).toBe(false);
    });

    it('refuses a card the processor declines at verification, charging nothing', async () => {
      for (const nonce of [
        'fake-processor-declined-visa-nonce',
        'fake-processor-declined-mastercard-nonce',
      ]) {
        const orderId = newOrderId();
        const result = await sale(nonce, { orderId });
        expect(result, nonce).toMatchObject({
          ok: false,
          refusal: { type: 'payment_method_error', transactionId: null },
        });
        expect(await gateway.findByOrderId(orderId), nonce).toBeNull();
      }
    });

    it('refuses a declining amount with the processor’s own text', async () => {
      const result = await sale(FRICTIONLESS, { amount: 200_000 });
      expect(result).toMatchObject({ ok: false, refusal: { type: 'payment_failed' } });
      if (result.ok) return;
      expect(result.refusal.message).toMatch(/^2000 : Do Not Honor/);
      expect(result.refusal.transactionId).toBeTruthy();
      const failed = await sale(FRICTIONLESS, { amount: 300_000 });
      expect(failed).toMatchObject({ ok: false, refusal: { type: 'payment_failed' } });
    });

    it('charges PayPal, Apple Pay and Google Pay nonces with no 3-D Secure', async () => {
      const wallets = [
        ['fake-paypal-one-time-nonce', 'paypal'],
        ['fake-apple-pay-visa-nonce', 'apple_pay'],
        ['fake-android-pay-visa-nonce', 'android_pay_card'],
      ] as const;
      for (const [nonce, type] of wallets) {
        const result = await sale(nonce);
        expect(result, nonce).toMatchObject({ ok: true, sale: { paidWith: { type } } });
      }
    });

    it('makes every sale it is asked for, even with an order id already charged, and finds one holding money', async () => {
      const orderId = newOrderId();
      const first = await sale(FRICTIONLESS, { orderId });
      const second = await sale('fake-paypal-one-time-nonce', { orderId, amount: 9_999 });
      if (!first.ok || !second.ok) throw new Error('a sale was refused');
      expect(second.sale.transactionId).not.toBe(first.sale.transactionId);
      expect(second.sale.amount).toBe(9_999);
      // The first voided: the order's money is the second sale's, and the lookup says so.
      expect((await gateway.reverse(first.sale.transactionId)).ok).toBe(true);
      expect(await gateway.findByOrderId(orderId)).toMatchObject({
        id: second.sale.transactionId,
        succeeded: true,
      });
    });

    it('asks screenCard with the card’s fingerprint before charging, and refuses as rate_limit on no', async () => {
      const seen: string[] = [];
      const screen = (answer: boolean) => async (fingerprint: string) => {
        seen.push(fingerprint);
        return answer;
      };
      const orderId = newOrderId();
      const refused = await sale(FRICTIONLESS, { orderId, screenCard: screen(false) });
      expect(refused).toMatchObject({ ok: false, refusal: { type: 'rate_limit' } });
      expect(await gateway.findByOrderId(orderId)).toBeNull();
      // The same card gives the same fingerprint; another card another.
      expect((await sale(FRICTIONLESS, { screenCard: screen(true) })).ok).toBe(true);
      await sale(FULL_AUTHENTICATION, { screenCard: screen(true) });
      expect(seen).toHaveLength(3);
      expect(seen[0]).toMatch(/\S/);
      expect(seen[1]).toBe(seen[0]);
      expect(seen[2]).not.toBe(seen[0]);
      // Wallets have no card number to fingerprint.
      expect((await sale('fake-paypal-one-time-nonce', { screenCard: screen(false) })).ok).toBe(
        true,
      );
    });

    it('gives a declined card’s fingerprint with the refusal', async () => {
      let screened: string | null = null;
      const result = await sale('fake-processor-declined-visa-nonce', {
        screenCard: async (fingerprint) => {
          screened = fingerprint;
          return true;
        },
      });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.refusal.fingerprint).toMatch(/\S/);
      if (screened !== null) expect(result.refusal.fingerprint).toBe(screened);
    });

    it('voids an unsettled sale, after which it is no longer a charge', async () => {
      const orderId = newOrderId();
      const result = await sale(FRICTIONLESS, { orderId });
      if (!result.ok) throw new Error(result.refusal.message);
      expect(await gateway.reverse(result.sale.transactionId)).toEqual({ ok: true, kind: 'void' });
      expect(await gateway.findByOrderId(orderId)).toMatchObject({
        status: 'voided',
        succeeded: false,
      });
    });
  });

  describe.skipIf(impl.skip)('refunds (ADR 051)', () => {
    it('voids an unsettled sale given back in full, and refuses a part of it', async () => {
      const orderId = newOrderId();
      const result = await sale(FRICTIONLESS, { orderId });
      if (!result.ok) throw new Error(result.refusal.message);
      expect(await gateway.refund(result.sale.transactionId, 250)).toMatchObject({
        ok: false,
        reason: 'unsettled',
      });
      expect(await gateway.refund(result.sale.transactionId, 1_250)).toMatchObject({
        ok: true,
        kind: 'void',
      });
      expect(await gateway.findByOrderId(orderId)).toMatchObject({ succeeded: false });
      expect(await gateway.refund(result.sale.transactionId, 1_250)).toMatchObject({ ok: false });
    });

    it('says not found for a sale it does not know', async () => {
      expect(await gateway.refund('nosuchsale', 100)).toMatchObject({
        ok: false,
        reason: 'not_found',
      });
    });
  });

  describe.skipIf(impl.skip)('looking a sale up (ADR 081)', () => {
    it('shows a sale with no refunds, then each refund made of it once settled', async () => {
      const result = await sale(FRICTIONLESS);
      if (!result.ok) throw new Error(result.refusal.message);
      const id = result.sale.transactionId;
      expect(await gateway.lookupSale(id)).toEqual({
        id,
        amount: 1_250,
        status: 'submitted_for_settlement',
        voided: false,
        refunds: [],
      });
      await impl.settle(id);
      const first = await gateway.refund(id, 450);
      const second = await gateway.refund(id, 300);
      if (!first.ok || !second.ok) throw new Error('refund refused');
      const found = await gateway.lookupSale(id);
      expect(found).toMatchObject({ id, amount: 1_250, status: 'settled', voided: false });
      // The gateway's own order of the list is not part of the contract.
      expect([...found!.refunds].sort((a, b) => b.amount - a.amount)).toEqual([
        {
          id: first.transactionId,
          amount: 450,
          status: 'submitted_for_settlement',
          succeeded: true,
        },
        {
          id: second.transactionId,
          amount: 300,
          status: 'submitted_for_settlement',
          succeeded: true,
        },
      ]);
    });

    it('shows a sale voided in full as voided, with no refunds', async () => {
      const result = await sale(FRICTIONLESS);
      if (!result.ok) throw new Error(result.refusal.message);
      const id = result.sale.transactionId;
      expect(await gateway.refund(id, 1_250)).toMatchObject({ ok: true, kind: 'void' });
      expect(await gateway.lookupSale(id)).toMatchObject({
        id,
        status: 'voided',
        voided: true,
        refunds: [],
      });
    });

    it('answers null for a sale it does not know', async () => {
      expect(await gateway.lookupSale('nosuchsale')).toBeNull();
    });
  });

  describe.skipIf(impl.skip)('the vault', () => {
    it('keeps a paid-with card when asked, lists it default first, deletes and re-defaults', async () => {
      const customerId = `contract-${runId}`;
      expect(await gateway.listCards(customerId)).toEqual([]);
      expect((await sale(FRICTIONLESS, { customerId, storeInVault: true })).ok).toBe(true);
      expect((await sale(FULL_AUTHENTICATION, { customerId, storeInVault: true })).ok).toBe(true);
      // Not asked to keep it: not kept.
      expect((await sale(FRICTIONLESS, { customerId, storeInVault: false })).ok).toBe(true);

      const cards = await gateway.listCards(customerId);
      expect(cards).toHaveLength(2);
      expect(cards.map((card) => card.default)).toEqual([true, false]);
      for (const card of cards) {
        expect(card.nonce).toBeTruthy();
        expect(card.lastFour).toMatch(/^\d{4}$/);
        expect(card.bin).toMatch(/^\d{6}$/);
      }
      const [first, second] = cards as [(typeof cards)[0], (typeof cards)[0]];

      expect(await gateway.makeDefaultCard(customerId, second.token)).toBe(true);
      expect((await gateway.listCards(customerId)).map((card) => card.token)).toEqual([
        second.token,
        first.token,
      ]);
      expect(await gateway.deleteCard('someone-else', first.token)).toBe(false);
      expect(await gateway.makeDefaultCard('someone-else', first.token)).toBe(false);
      expect(await gateway.deleteCard(customerId, second.token)).toBe(true);
      const left = await gateway.listCards(customerId);
      expect(left.map((card) => [card.token, card.default])).toEqual([[first.token, true]]);
      expect(await gateway.deleteCard(customerId, first.token)).toBe(true);
    });

    it('keeps a new card being saved only when its one 3-D Secure sale goes through', async () => {
      // On Braintree: one sale with the nonce and storeInVaultOnSuccess (ADR 042), so the
      // card's 3-D Secure authentication is used by that sale alone.
      const customerId = `contract-${runId}-save`;
      const declined = await sale(FRICTIONLESS, {
        customerId,
        storeInVault: true,
        amount: 200_000,
      });
      expect(declined).toMatchObject({ ok: false, refusal: { type: 'payment_failed' } });
      expect(await gateway.listCards(customerId)).toEqual([]);

      const paid = await sale(FRICTIONLESS, { customerId, storeInVault: true });
      expect(paid).toMatchObject({ ok: true, sale: { paidWith: { type: 'credit_card' } } });
      if (!paid.ok) return;
      const cards = await gateway.listCards(customerId);
      expect(cards.map((card) => [card.lastFour, card.default])).toEqual([
        [paid.sale.paidWith.lastFour, true],
      ]);
      for (const card of cards) await gateway.deleteCard(customerId, card.token);
    });

    it('issues client tokens for guests and for vault customers', async () => {
      for (const customerId of [null, `contract-${runId}-token`]) {
        const token = await gateway.clientToken({ customerId });
        const parsed = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
        expect(parsed.authorizationFingerprint).toBeTruthy();
      }
    });
  });

  describe.skipIf(impl.skip)('webhooks', () => {
    it('parses a signed notification and refuses a tampered one', async () => {
      const result = await sale(FRICTIONLESS);
      if (!result.ok) throw new Error(result.refusal.message);
      const id = result.sale.transactionId;
      const { signature, payload } = await impl.sampleWebhook('transaction_settled', id);
      const event = await gateway.parseWebhook({ signature, payload });
      expect(event).toMatchObject({ kind: 'transaction_settled', transaction: { id } });
      const [publicKey] = signature.split('|');
      expect(
        await gateway.parseWebhook({ signature: `${publicKey}|${'0'.repeat(40)}`, payload }),
      ).toBeNull();
      expect(await gateway.parseWebhook({ signature: 'nobody|abc', payload })).toBeNull();
    });
  });
});
