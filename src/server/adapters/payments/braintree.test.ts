/**
 * The Braintree adapter against a recorded stand-in for braintree.BraintreeGateway: the
 * real service is unreachable here, so each call answers with the shapes braintree_node
 * returns (lib/braintree/*.js, its integration specs, integrations.md section 2). The
 * same scenarios run against the sandbox in payments.contract.test.ts when keys are set.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';
import braintree from 'braintree';
import { describe, expect, it } from 'vitest';
import {
  braintreeGateway,
  sdkGateway,
  type BraintreeClient,
  type BtNonce,
  type BtResult,
  type BtTransaction,
} from './braintree.ts';
import { GatewayUnavailableError, type SaleRequest } from './port.ts';

/** An error as braintree_node's exceptions make them: an Error with a `type`. */
function btError(type: string, message = type): Error {
  return Object.assign(new Error(message), { type });
}

const errorResponse = (
  message: string,
  extra: Partial<BtResult> = {},
  errors: { attribute: string; code: string; message: string }[] = [],
): BtResult => ({ success: false, message, errors: { deepErrors: () => errors }, ...extra });

const SETTLING: BtTransaction = {
  id: 'tx1',
  status: 'submitted_for_settlement',
  type: 'sale',
  amount: '12.50',
  orderId: 'order-1',
  paymentInstrumentType: 'credit_card',
  creditCard: { cardType: 'Visa', last4: '1881' },
  processorResponseCode: '1000',
  processorResponseText: 'Approved',
};

const CARD_NONCE: BtNonce = {
  nonce: 'tokencc_bc_abc',
  type: 'CreditCard',
  details: {
    bin: '400000',
    cardType: 'Visa',
    lastFour: '2701',
    expirationMonth: '01',
    expirationYear: '2029',
  },
  threeDSecureInfo: {
    liabilityShifted: true,
    status: 'authenticate_successful',
    threeDSecureAuthenticationId: 'auth_123',
  },
};

type Call = [string, ...unknown[]];

/**
 * A stand-in answering each call from `answers` (or a default), recording every call.
 * Answers are functions of the call's arguments.
 */
function standIn(answers: Partial<Record<string, (...args: any[]) => unknown>> = {}) {
  const calls: Call[] = [];
  const answer =
    (name: string, fallback: (...args: any[]) => unknown) =>
    async (...args: unknown[]) => {
      calls.push([name, ...args]);
      return (answers[name] ?? fallback)(...args);
    };
  const notFound = () => {
    throw btError('notFoundError', 'Not Found');
  };
  const client: BraintreeClient = {
    clientToken: {
      generate: answer('clientToken.generate', () => ({
        success: true,
        clientToken: 'eyJ2ZXJzaW9uIjoyfQ==',
      })) as any,
    },
    customer: {
      find: answer('customer.find', notFound) as any,
      create: answer('customer.create', (params: { id?: string }) => ({
        success: true,
        customer: { id: params.id ?? 'guest-1', creditCards: [{ token: 'card-guest' }] },
      })) as any,
      delete: answer('customer.delete', () => ({ success: true })) as any,
    },
    paymentMethod: {
      create: answer('paymentMethod.create', () => ({
        success: true,
        paymentMethod: { token: 'card-new' },
      })) as any,
      find: answer('paymentMethod.find', notFound) as any,
      update: answer('paymentMethod.update', () => ({ success: true })) as any,
      delete: answer('paymentMethod.delete', () => ({ success: true })) as any,
    },
    paymentMethodNonce: {
      create: answer('paymentMethodNonce.create', (token: string) => ({
        success: true,
        paymentMethodNonce: { nonce: `tokencc_for_${token}` },
      })) as any,
      find: answer('paymentMethodNonce.find', () => CARD_NONCE) as any,
    },
    transaction: {
      sale: answer('transaction.sale', () => ({ success: true, transaction: SETTLING })) as any,
      void: answer('transaction.void', () => ({
        success: true,
        transaction: { ...SETTLING, status: 'voided' },
      })) as any,
      refund: answer('transaction.refund', () => ({
        success: true,
        transaction: { ...SETTLING, id: 'refund-1', type: 'credit' },
      })) as any,
      find: answer('transaction.find', notFound) as any,
      search: (build) => {
        let orderId = '';
        build({ orderId: () => ({ is: (value: string) => void (orderId = value) }) });
        calls.push(['transaction.search', orderId]);
        const found = (answers['transaction.search']?.(orderId) ?? []) as BtTransaction[];
        return (async function* () {
          yield* found;
        })();
      },
    },
    webhookNotification: {
      parse: answer('webhookNotification.parse', () => ({ kind: 'check' })) as any,
    },
  };
  const gateway = braintreeGateway(
    { environment: 'sandbox', merchantId: 'm', publicKey: 'pub', privateKey: 'priv' },
    { client },
  );
  const named = (name: string) =>
    calls.filter((call) => call[0] === name).map((call) => call.slice(1));
  return { gateway, calls, named };
}

const saleRequest = (extra: Partial<SaleRequest> = {}): SaleRequest => ({
  amount: 1_250,
  nonce: 'tokencc_bc_abc',
  deviceData: '{"correlation_id":"abc"}',
  orderId: 'order-1',
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

describe('Braintree client tokens', () => {
  it('asks for a guest token with nothing, and a customer’s with their vault id', async () => {
    const { gateway, named } = standIn();
    expect(await gateway.clientToken({ customerId: null })).toBe('eyJ2ZXJzaW9uIjoyfQ==');
    await gateway.clientToken({ customerId: '42' });
    expect(named('clientToken.generate')).toEqual([[{}], [{ customerId: '42' }]]);
  });

  it('creates the customer Braintree does not know yet, then asks again', async () => {
    let first = true;
    const { gateway, named } = standIn({
      'clientToken.generate': () => {
        if (!first) return { success: true, clientToken: 'token-after' };
        first = false;
        return errorResponse('Customer specified by customer_id does not exist');
      },
    });
    expect(await gateway.clientToken({ customerId: '42' })).toBe('token-after');
    expect(named('customer.create')).toEqual([[{ id: '42' }]]);
  });

  it('reports bad credentials or a timeout as the gateway being unavailable', async () => {
    for (const type of ['authenticationError', 'gatewayTimeoutError', 'serviceUnavailableError']) {
      const { gateway } = standIn({
        'clientToken.generate': () => {
          throw btError(type);
        },
      });
      await expect(gateway.clientToken({ customerId: null })).rejects.toBeInstanceOf(
        GatewayUnavailableError,
      );
    }
  });
});

describe('the Braintree SDK gateway', () => {
  it('gives up on a Braintree that does not answer after the shop’s timeout, not the SDK’s 60 s', async () => {
    // A server that accepts the connection and never answers, standing in for Braintree.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = String((silent.address() as AddressInfo).port);
    try {
      const sdk = sdkGateway(
        { environment: 'sandbox', merchantId: 'm', publicKey: 'pub', privateKey: 'priv' },
        200,
      );
      sdk.config.environment = new braintree.Environment(
        '127.0.0.1',
        port,
        '',
        false,
        '127.0.0.1',
        port,
      );
      const gateway = braintreeGateway(
        { environment: 'sandbox', merchantId: 'm', publicKey: 'pub', privateKey: 'priv' },
        { client: sdk as unknown as BraintreeClient },
      );
      await expect(gateway.clientToken({ customerId: null })).rejects.toThrow(
        /Braintree clientToken.generate failed: unexpectedError/,
      );
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});

describe('Braintree sales', () => {
  it('sells a wallet nonce directly, submitted for settlement, with order id, device data and billing', async () => {
    const { gateway, named } = standIn({
      'paymentMethodNonce.find': () => ({ nonce: 'tokenpp_1', type: 'PayPalAccount' }),
      'transaction.sale': () => ({
        success: true,
        transaction: {
          ...SETTLING,
          paymentInstrumentType: 'paypal_account',
          creditCard: undefined,
        },
      }),
    });
    expect(await gateway.sale(saleRequest({ nonce: 'tokenpp_1' }))).toEqual({
      ok: true,
      sale: {
        transactionId: 'tx1',
        amount: 1_250,
        paidWith: { type: 'paypal', cardType: null, lastFour: null },
        threeDSecure: null,
      },
    });
    expect(named('transaction.sale')).toEqual([
      [
        {
          amount: '12.50',
          orderId: 'order-1',
          deviceData: '{"correlation_id":"abc"}',
          billing: saleRequest().billing,
          paymentMethodNonce: 'tokenpp_1',
          options: { submitForSettlement: true },
        },
      ],
    ]);
    expect(named('customer.create')).toEqual([]);
  });

  it('refuses a Google Pay card that is not a network token (PAN_ONLY), selling nothing', async () => {
    const { gateway, named } = standIn({
      'paymentMethodNonce.find': () => ({
        nonce: 'tokengp_1',
        type: 'AndroidPayCard',
        details: { cardType: 'Visa', lastFour: '1111', isNetworkTokenized: false },
      }),
    });
    expect(await gateway.sale(saleRequest({ nonce: 'tokengp_1' }))).toMatchObject({
      ok: false,
      refusal: { type: 'payment_method_error', transactionId: null },
    });
    expect(named('transaction.sale')).toEqual([]);

    const tokenised = standIn({
      'paymentMethodNonce.find': () => ({
        nonce: 'tokengp_2',
        type: 'AndroidPayCard',
        details: { cardType: 'Visa', lastFour: '1111', isNetworkTokenized: true },
      }),
    });
    expect((await tokenised.gateway.sale(saleRequest({ nonce: 'tokengp_2' }))).ok).toBe(true);
  });

  it('verifies a guest’s new card by vaulting it, sells the token with the 3DS authentication, then forgets the card', async () => {
    const { gateway, calls, named } = standIn();
    expect(await gateway.sale(saleRequest())).toMatchObject({
      ok: true,
      sale: { transactionId: 'tx1' },
    });
    expect(named('customer.create')).toEqual([
      [{ paymentMethodNonce: 'tokencc_bc_abc', creditCard: { options: { verifyCard: true } } }],
    ]);
    expect(named('transaction.sale')[0]?.[0]).toMatchObject({
      paymentMethodToken: 'card-guest',
      threeDSecureAuthenticationId: 'auth_123',
      options: { submitForSettlement: true, threeDSecure: { required: true } },
    });
    expect(named('customer.delete')).toEqual([['guest-1']]);
    expect(calls.map((call) => call[0])).toEqual([
      'paymentMethodNonce.find',
      'customer.create',
      'transaction.sale',
      'customer.delete',
    ]);
  });

  it('reports the sale’s 3-D Secure outcome as the transaction gives it, and none for a wallet', async () => {
    // braintree_node's Transaction.threeDSecureInfo (lib/braintree/three_d_secure_info.js).
    const withInfo = (info: BtTransaction['threeDSecureInfo']) => () => ({
      success: true,
      transaction: { ...SETTLING, threeDSecureInfo: info },
    });
    const shifted = standIn({
      'transaction.sale': withInfo({
        status: 'authenticate_successful',
        liabilityShifted: true,
        liabilityShiftPossible: true,
        enrolled: 'Y',
      } as BtTransaction['threeDSecureInfo']),
    });
    expect(await shifted.gateway.sale(saleRequest())).toMatchObject({
      ok: true,
      sale: { threeDSecure: { status: 'authenticate_successful', liabilityShifted: true } },
    });
    const attempted = standIn({
      'transaction.sale': withInfo({ status: 'authentication_unavailable' }),
    });
    expect(await attempted.gateway.sale(saleRequest())).toMatchObject({
      sale: { threeDSecure: { status: 'authentication_unavailable', liabilityShifted: false } },
    });
    const wallet = standIn({
      'paymentMethodNonce.find': () => ({ nonce: 'fake-paypal', type: 'PayPalAccount' }),
      'transaction.sale': withInfo(null),
    });
    expect(await wallet.gateway.sale(saleRequest())).toMatchObject({
      ok: true,
      sale: { threeDSecure: null },
    });
  });

  it('refuses a card that fails verification with the processor’s answer, never selling', async () => {
    const { gateway, named } = standIn({
      'customer.create': () =>
        errorResponse('Do Not Honor', {
          verification: {
            status: 'processor_declined',
            processorResponseCode: '2000',
            processorResponseText: 'Do Not Honor',
          },
        }),
    });
    expect(await gateway.sale(saleRequest())).toEqual({
      ok: false,
      refusal: {
        type: 'payment_method_error',
        message: '2000 : Do Not Honor',
        transactionId: null,
      },
    });
    const fraud = standIn({
      'customer.create': () =>
        errorResponse('Gateway Rejected: fraud', {
          verification: { status: 'gateway_rejected', gatewayRejectionReason: 'fraud' },
        }),
    });
    expect(await fraud.gateway.sale(saleRequest())).toMatchObject({
      ok: false,
      refusal: { type: 'payment_method_error', message: 'Gateway Rejected: fraud' },
    });
    expect(named('transaction.sale')).toEqual([]);
    expect(fraud.named('transaction.sale')).toEqual([]);
  });

  it('screens the card by its uniqueNumberIdentifier before the sale, and gives it with refusals', async () => {
    const screened: string[] = [];
    const screenCard = async (fingerprint: string) => {
      screened.push(fingerprint);
      return false;
    };
    // A new card: known once vaulted (verified); refused before any sale, and forgotten.
    const fresh = standIn({
      'customer.create': () => ({
        success: true,
        customer: {
          id: 'guest-1',
          creditCards: [{ token: 'card-guest', uniqueNumberIdentifier: 'u-new' }],
        },
      }),
    });
    expect(await fresh.gateway.sale(saleRequest({ screenCard }))).toMatchObject({
      ok: false,
      refusal: { type: 'rate_limit', transactionId: null },
    });
    expect(fresh.named('transaction.sale')).toEqual([]);
    expect(fresh.named('customer.delete')).toEqual([['guest-1']]);
    // A card already in the customer's vault: screened before its sale.
    const vaulted = standIn({
      'customer.find': () => ({
        id: '42',
        creditCards: [
          {
            token: 'card-1',
            bin: '400000',
            last4: '2701',
            expirationMonth: '01',
            expirationYear: '2029',
            uniqueNumberIdentifier: 'u-vaulted',
          },
        ],
      }),
    });
    expect(await vaulted.gateway.sale(saleRequest({ customerId: '42', screenCard }))).toMatchObject(
      {
        ok: false,
        refusal: { type: 'rate_limit' },
      },
    );
    expect(vaulted.named('transaction.sale')).toEqual([]);
    expect(screened).toEqual(['u-new', 'u-vaulted']);
    screened.length = 0;

    // Refusals carry the card's identifier, from the verification or the transaction.
    const unverified = standIn({
      'customer.create': () =>
        errorResponse('Do Not Honor', {
          verification: {
            status: 'processor_declined',
            processorResponseCode: '2000',
            processorResponseText: 'Do Not Honor',
            creditCard: { uniqueNumberIdentifier: 'u-declined' },
          },
        }),
    });
    expect(await unverified.gateway.sale(saleRequest())).toMatchObject({
      ok: false,
      refusal: { type: 'payment_method_error', fingerprint: 'u-declined' },
    });
    // Over its limit, it answers rate_limit too: the verification's answer is not told.
    expect(await unverified.gateway.sale(saleRequest({ screenCard }))).toMatchObject({
      ok: false,
      refusal: { type: 'rate_limit' },
    });
    const declined = standIn({
      'transaction.sale': () =>
        errorResponse('Do Not Honor', {
          transaction: {
            ...SETTLING,
            status: 'processor_declined',
            creditCard: { uniqueNumberIdentifier: 'u-sale' },
          },
        }),
    });
    expect(await declined.gateway.sale(saleRequest())).toMatchObject({
      ok: false,
      refusal: { type: 'payment_failed', fingerprint: 'u-sale' },
    });
  });

  it('saves a signed-in customer’s new card through one 3-D Secure sale that vaults it only on success', async () => {
    const kept = standIn({ 'customer.find': () => ({ id: '42', creditCards: [] }) });
    expect(
      (await kept.gateway.sale(saleRequest({ customerId: '42', storeInVault: true }))).ok,
    ).toBe(true);
    // The nonce's one authentication is used once: by the sale. No separate vaulting.
    expect(kept.named('paymentMethod.create')).toEqual([]);
    expect(kept.named('transaction.sale')).toEqual([
      [
        expect.objectContaining({
          paymentMethodNonce: 'tokencc_bc_abc',
          customerId: '42',
          options: {
            submitForSettlement: true,
            threeDSecure: { required: true },
            storeInVaultOnSuccess: true,
          },
        }),
      ],
    ]);
    expect(kept.named('paymentMethod.delete')).toEqual([]);

    // Not asked to keep it: verified in the vault, sold as the token, then deleted.
    const notAsked = standIn({ 'customer.find': () => ({ id: '42', creditCards: [] }) });
    await notAsked.gateway.sale(saleRequest({ customerId: '42', storeInVault: false }));
    expect(notAsked.named('paymentMethod.create')).toEqual([
      [{ customerId: '42', paymentMethodNonce: 'tokencc_bc_abc', options: { verifyCard: true } }],
    ]);
    expect(notAsked.named('transaction.sale')[0]?.[0]).not.toHaveProperty(
      'options.storeInVaultOnSuccess',
    );
    expect(notAsked.named('paymentMethod.delete')).toEqual([['card-new']]);

    // Declined: Braintree vaults nothing (storeInVaultOnSuccess), so nothing to delete.
    const declined = standIn({
      'customer.find': () => ({ id: '42', creditCards: [] }),
      'transaction.sale': () =>
        errorResponse('Do Not Honor', {
          transaction: { ...SETTLING, status: 'processor_declined' },
        }),
    });
    expect(
      await declined.gateway.sale(saleRequest({ customerId: '42', storeInVault: true })),
    ).toMatchObject({ ok: false, refusal: { type: 'payment_failed' } });
    expect(declined.named('paymentMethod.create')).toEqual([]);
  });

  it('creates the vault customer on first use, and sells a card already vaulted directly', async () => {
    const fresh = standIn();
    await fresh.gateway.sale(saleRequest({ customerId: '7', storeInVault: true }));
    expect(fresh.named('customer.create')).toEqual([[{ id: '7' }]]);

    const vaulted = standIn({
      'customer.find': () => ({
        id: '42',
        creditCards: [
          {
            token: 'card-1',
            bin: '400000',
            last4: '2701',
            expirationMonth: '01',
            expirationYear: '2029',
          },
        ],
      }),
    });
    await vaulted.gateway.sale(saleRequest({ customerId: '42' }));
    expect(vaulted.named('paymentMethod.create')).toEqual([]);
    expect(vaulted.named('transaction.sale')[0]?.[0]).toMatchObject({
      paymentMethodNonce: 'tokencc_bc_abc',
      customerId: '42',
      options: { threeDSecure: { required: true } },
    });
  });

  it('maps refusals: processor declines carry the processor’s text, gateway rejections are the method’s fault', async () => {
    const declined = standIn({
      'transaction.sale': () =>
        errorResponse('Do Not Honor', {
          transaction: {
            ...SETTLING,
            id: 'tx9',
            status: 'processor_declined',
            processorResponseCode: '2000',
            processorResponseText: 'Do Not Honor',
            additionalProcessorResponse: '2000 : Do Not Honor',
          },
        }),
    });
    expect(await declined.gateway.sale(saleRequest())).toEqual({
      ok: false,
      refusal: { type: 'payment_failed', message: '2000 : Do Not Honor', transactionId: 'tx9' },
    });
    const rejected = standIn({
      'transaction.sale': () =>
        errorResponse('Gateway Rejected: three_d_secure', {
          transaction: {
            ...SETTLING,
            id: 'tx8',
            status: 'gateway_rejected',
            gatewayRejectionReason: 'three_d_secure',
          },
        }),
    });
    expect(await rejected.gateway.sale(saleRequest())).toEqual({
      ok: false,
      refusal: {
        type: 'payment_method_error',
        message: 'Gateway Rejected: three_d_secure',
        transactionId: 'tx8',
      },
    });
    const consumed = standIn({
      'paymentMethodNonce.find': () => ({ nonce: 'tokenpp_1', type: 'PayPalAccount' }),
      'transaction.sale': () =>
        errorResponse('Cannot use a payment_method_nonce more than once.', {}, [
          {
            attribute: 'payment_method_nonce',
            code: '93107',
            message: 'Cannot use a payment_method_nonce more than once.',
          },
        ]),
    });
    expect(await consumed.gateway.sale(saleRequest({ nonce: 'tokenpp_1' }))).toMatchObject({
      ok: false,
      refusal: {
        type: 'payment_method_error',
        message: 'Cannot use a payment_method_nonce more than once.',
      },
    });
    const amount = standIn({
      'paymentMethodNonce.find': () => ({ nonce: 'tokenpp_1', type: 'PayPalAccount' }),
      'transaction.sale': () =>
        errorResponse('Amount is required.', {}, [
          { attribute: 'amount', code: '81502', message: 'Amount is required.' },
        ]),
    });
    expect(await amount.gateway.sale(saleRequest({ nonce: 'tokenpp_1' }))).toMatchObject({
      ok: false,
      refusal: { type: 'missing_payment_parameters' },
    });
  });

  it('refuses an unknown nonce, and a missing amount or nonce without asking Braintree', async () => {
    const { gateway, calls } = standIn({
      'paymentMethodNonce.find': () => {
        throw btError('notFoundError');
      },
    });
    expect(await gateway.sale(saleRequest())).toMatchObject({
      ok: false,
      refusal: {
        type: 'payment_method_error',
        message: 'Unknown or expired payment_method_nonce.',
      },
    });
    calls.length = 0;
    expect(await gateway.sale(saleRequest({ amount: 0 }))).toMatchObject({
      ok: false,
      refusal: { type: 'missing_payment_parameters' },
    });
    expect(await gateway.sale(saleRequest({ nonce: '' }))).toMatchObject({
      ok: false,
      refusal: { type: 'missing_payment_parameters' },
    });
    expect(calls).toEqual([]);
  });

  it('takes a sandbox fake nonce by its documented kind: verified, then sold as the nonce', async () => {
    const notStored = () => {
      throw btError('notFoundError');
    };
    const card = standIn({ 'paymentMethodNonce.find': notStored });
    const nonce = 'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce';
    expect((await card.gateway.sale(saleRequest({ nonce }))).ok).toBe(true);
    expect(card.named('customer.create')).toHaveLength(1);
    expect(card.named('transaction.sale')[0]?.[0]).toMatchObject({
      paymentMethodNonce: nonce,
      options: { threeDSecure: { required: true } },
    });
    const wallet = standIn({ 'paymentMethodNonce.find': notStored });
    await wallet.gateway.sale(saleRequest({ nonce: 'fake-apple-pay-visa-nonce' }));
    expect(wallet.named('customer.create')).toEqual([]);
    expect(wallet.named('transaction.sale')[0]?.[0]).toMatchObject({
      paymentMethodNonce: 'fake-apple-pay-visa-nonce',
      options: { submitForSettlement: true },
    });
  });

  it('sells every time it is asked, as Braintree does: one sale per order is the shop’s rule', async () => {
    const { gateway, named } = standIn({ 'transaction.search': () => [SETTLING] });
    expect((await gateway.sale(saleRequest())).ok).toBe(true);
    expect(named('transaction.sale')).toHaveLength(1);
    expect(named('transaction.search')).toEqual([]);
  });

  it('reports a timeout or outage during the sale as the gateway being unavailable', async () => {
    for (const thrown of [
      btError('gatewayTimeoutError'),
      btError('serverError'),
      new Error('socket hang up'),
    ]) {
      const { gateway } = standIn({
        'transaction.sale': () => {
          throw thrown;
        },
      });
      await expect(gateway.sale(saleRequest())).rejects.toBeInstanceOf(GatewayUnavailableError);
    }
  });
});

describe('Braintree reversals, lookups, vault and webhooks', () => {
  it('voids an unsettled sale, refunds a settled one once, and says no to an unknown one', async () => {
    const unsettled = standIn({ 'transaction.find': () => SETTLING });
    expect(await unsettled.gateway.reverse('tx1')).toEqual({ ok: true, kind: 'void' });
    expect(unsettled.named('transaction.void')).toEqual([['tx1']]);

    const settled = standIn({ 'transaction.find': () => ({ ...SETTLING, status: 'settled' }) });
    expect(await settled.gateway.reverse('tx1')).toEqual({ ok: true, kind: 'refund' });
    expect(settled.named('transaction.refund')).toEqual([['tx1']]);

    const refunded = standIn({
      'transaction.find': () => ({ ...SETTLING, status: 'settled', refundIds: ['r1'] }),
    });
    expect(await refunded.gateway.reverse('tx1')).toEqual({ ok: true, kind: 'refund' });
    expect(refunded.named('transaction.refund')).toEqual([]);

    expect(await standIn().gateway.reverse('nope')).toEqual({ ok: false, kind: null });
  });

  it('refunds part of a settled sale by amount, voids an unsettled one only in full', async () => {
    const settled = standIn({ 'transaction.find': () => ({ ...SETTLING, status: 'settled' }) });
    expect(await settled.gateway.refund('tx1', 450)).toEqual({
      ok: true,
      kind: 'refund',
      transactionId: 'refund-1',
    });
    expect(settled.named('transaction.refund')).toEqual([['tx1', '4.50']]);

    const unsettled = standIn({ 'transaction.find': () => SETTLING });
    expect(await unsettled.gateway.refund('tx1', 450)).toMatchObject({
      ok: false,
      reason: 'unsettled',
    });
    expect(unsettled.named('transaction.void')).toEqual([]);
    expect(await unsettled.gateway.refund('tx1', 1_250)).toEqual({
      ok: true,
      kind: 'void',
      transactionId: null,
    });
    expect(unsettled.named('transaction.void')).toEqual([['tx1']]);
    expect(unsettled.named('transaction.refund')).toEqual([]);
  });

  it('answers Braintree’s refusal of a refund with its message, and an unknown sale as not found', async () => {
    // braintree_node's ErrorResponse for 91521 (more than is left of the sale).
    const tooLarge = standIn({
      'transaction.find': () => ({ ...SETTLING, status: 'settled' }),
      'transaction.refund': () => ({
        success: false,
        message: 'Refund amount is too large.',
        errors: {
          deepErrors: () => [
            { attribute: 'amount', code: '91521', message: 'Refund amount is too large.' },
          ],
        },
      }),
    });
    expect(await tooLarge.gateway.refund('tx1', 99_999)).toEqual({
      ok: false,
      reason: 'refused',
      message: 'Refund amount is too large.',
    });
    expect(await standIn().gateway.refund('nope', 100)).toMatchObject({
      ok: false,
      reason: 'not_found',
    });
    const voided = standIn({ 'transaction.find': () => ({ ...SETTLING, status: 'voided' }) });
    expect(await voided.gateway.refund('tx1', 1_250)).toMatchObject({
      ok: false,
      reason: 'refused',
    });
    const down = standIn({
      'transaction.find': () => ({ ...SETTLING, status: 'settled' }),
      'transaction.refund': () => {
        throw btError('serviceUnavailableError');
      },
    });
    await expect(down.gateway.refund('tx1', 100)).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it('looks a sale up with its refunds, as transaction.find answers for the sale and each refund id', async () => {
    // Recorded shapes: a settled sale listing two refunds (`credit` transactions), the
    // second voided before it settled, so it gave nothing back.
    const sale = { ...SETTLING, status: 'settled', refundIds: ['r1', 'r2'] };
    const refunds: Record<string, BtTransaction> = {
      r1: {
        id: 'r1',
        type: 'credit',
        status: 'submitted_for_settlement',
        amount: '4.50',
        orderId: 'order-1',
      },
      r2: { id: 'r2', type: 'credit', status: 'voided', amount: '3.00', orderId: 'order-1' },
    };
    const found = standIn({
      'transaction.find': (id: string) => {
        if (id === 'tx1') return sale;
        if (refunds[id]) return refunds[id];
        throw btError('notFoundError', 'Not Found');
      },
    });
    expect(await found.gateway.lookupSale('tx1')).toEqual({
      id: 'tx1',
      amount: 1_250,
      status: 'settled',
      voided: false,
      refunds: [
        { id: 'r1', amount: 450, status: 'submitted_for_settlement', succeeded: true },
        { id: 'r2', amount: 300, status: 'voided', succeeded: false },
      ],
    });
    expect(found.named('transaction.find')).toEqual([['tx1'], ['r1'], ['r2']]);

    const voided = standIn({ 'transaction.find': () => ({ ...SETTLING, status: 'voided' }) });
    expect(await voided.gateway.lookupSale('tx1')).toEqual({
      id: 'tx1',
      amount: 1_250,
      status: 'voided',
      voided: true,
      refunds: [],
    });
    expect(await standIn().gateway.lookupSale('nope')).toBeNull();
  });

  it('reports a lookup it cannot finish as the gateway being unavailable, never a shorter list', async () => {
    const down = standIn({
      'transaction.find': () => {
        throw btError('gatewayTimeoutError');
      },
    });
    await expect(down.gateway.lookupSale('tx1')).rejects.toBeInstanceOf(GatewayUnavailableError);
    // The sale names a refund Braintree then cannot find: not an answer to act on.
    const missing = standIn({
      'transaction.find': (id: string) => {
        if (id === 'tx1') return { ...SETTLING, status: 'settled', refundIds: ['gone'] };
        throw btError('notFoundError', 'Not Found');
      },
    });
    await expect(missing.gateway.lookupSale('tx1')).rejects.toBeInstanceOf(GatewayUnavailableError);
  });

  it('finds an order’s sale by searching its order id', async () => {
    const { gateway } = standIn({ 'transaction.search': () => [SETTLING] });
    expect(await gateway.findByOrderId('order-1')).toEqual({
      id: 'tx1',
      orderId: 'order-1',
      amount: 1_250,
      status: 'submitted_for_settlement',
      succeeded: true,
      paidWith: { type: 'credit_card', cardType: 'Visa', lastFour: '1881' },
    });
    expect(await standIn().gateway.findByOrderId('order-2')).toBeNull();
  });

  it('finds the sale that took money, not a voided one, whatever order search answers in', async () => {
    // A recorded search: the order's first sale voided, a second one settled.
    const voided = { ...SETTLING, id: 'tx0', status: 'voided', createdAt: '2026-11-20T10:00:00Z' };
    const settled = { ...SETTLING, status: 'settled', createdAt: '2026-11-20T10:05:00Z' };
    const declined = {
      ...SETTLING,
      id: 'tx2',
      status: 'processor_declined',
      createdAt: '2026-11-20T10:09:00Z',
    };
    for (const answer of [
      [voided, settled, declined],
      [declined, settled, voided],
    ]) {
      const { gateway } = standIn({ 'transaction.search': () => answer });
      expect(await gateway.findByOrderId('order-1')).toMatchObject({
        id: 'tx1',
        status: 'settled',
        succeeded: true,
      });
    }
    // With no sale holding money, the void says what became of the order's money.
    const { gateway } = standIn({ 'transaction.search': () => [declined, voided] });
    expect(await gateway.findByOrderId('order-1')).toMatchObject({ id: 'tx0', succeeded: false });
  });

  it('lists a customer’s cards default first, each with a fresh nonce; none for an unknown customer', async () => {
    const { gateway } = standIn({
      'customer.find': () => ({
        id: '42',
        creditCards: [
          {
            token: 'a',
            cardType: 'MasterCard',
            last4: '4444',
            bin: '555555',
            expirationMonth: '02',
            expirationYear: '2030',
            default: false,
          },
          {
            token: 'b',
            cardType: 'Visa',
            last4: '1881',
            bin: '401288',
            expirationMonth: '12',
            expirationYear: '2029',
            default: true,
          },
        ],
      }),
    });
    expect(await gateway.listCards('42')).toEqual([
      {
        token: 'b',
        nonce: 'tokencc_for_b',
        default: true,
        cardType: 'Visa',
        lastFour: '1881',
        expirationMonth: '12',
        expirationYear: '2029',
        bin: '401288',
      },
      {
        token: 'a',
        nonce: 'tokencc_for_a',
        default: false,
        cardType: 'MasterCard',
        lastFour: '4444',
        expirationMonth: '02',
        expirationYear: '2030',
        bin: '555555',
      },
    ]);
    expect(await standIn().gateway.listCards('nobody')).toEqual([]);
  });

  it('deletes or re-defaults only the customer’s own cards', async () => {
    const theirs = standIn({ 'paymentMethod.find': () => ({ token: 'b', customerId: '42' }) });
    expect(await theirs.gateway.deleteCard('42', 'b')).toBe(true);
    expect(await theirs.gateway.makeDefaultCard('42', 'b')).toBe(true);
    expect(theirs.named('paymentMethod.delete')).toEqual([['b']]);
    expect(theirs.named('paymentMethod.update')).toEqual([
      ['b', { options: { makeDefault: true } }],
    ]);

    const others = standIn({ 'paymentMethod.find': () => ({ token: 'b', customerId: '7' }) });
    expect(await others.gateway.deleteCard('42', 'b')).toBe(false);
    expect(await others.gateway.makeDefaultCard('42', 'b')).toBe(false);
    expect(await standIn().gateway.deleteCard('42', 'gone')).toBe(false);
    expect(others.named('paymentMethod.delete')).toEqual([]);
  });

  it('parses a webhook Braintree signed, and gives null for a bad signature', async () => {
    const { gateway } = standIn({
      'webhookNotification.parse': () => ({
        kind: 'transaction_settled',
        transaction: { ...SETTLING, status: 'settled' },
      }),
    });
    expect(await gateway.parseWebhook({ signature: 'pub|abc', payload: 'PHhtbC8+' })).toMatchObject(
      {
        kind: 'transaction_settled',
        transaction: { id: 'tx1', status: 'settled', succeeded: true },
      },
    );
    const forged = standIn({
      'webhookNotification.parse': () => {
        throw btError('invalidSignatureError', 'no matching public key');
      },
    });
    expect(await forged.gateway.parseWebhook({ signature: 'x|y', payload: 'z' })).toBeNull();
  });

  it('declares the hosts braintree-web needs in the sandbox', () => {
    const { gateway } = standIn();
    expect(gateway.mode).toBe('braintree');
    expect(gateway.contentSources['connect-src']).toEqual(
      expect.arrayContaining([
        'https://api.sandbox.braintreegateway.com',
        'https://payments.sandbox.braintree-api.com',
        'https://centinelapistag.cardinalcommerce.com',
      ]),
    );
    expect(gateway.contentSources['script-src']).toContain(
      'https://songbirdstag.cardinalcommerce.com',
    );
  });
});
