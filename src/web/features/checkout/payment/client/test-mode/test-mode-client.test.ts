import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../../../testing/render.tsx';
import {
  CLIENT_API,
  futureExpiry,
  nonceHandler,
  testClientToken,
  threeDSecureHandler,
} from '../../testing.ts';
import { PaymentClientError } from '../types.ts';
import { EMPTY_CARD, formatCardNumber, formatExpiry } from './card-input.ts';
import { readClientToken, testDeviceData } from './test-client-api.ts';
import { createTestModeClient, tokenizeTestCard } from './test-mode-client.tsx';

const token = readClientToken(testClientToken('fp-test'));
const expiry = futureExpiry();
const filled = (number: string, cvv = '737') => ({
  cardholderName: 'Ada Lovelace',
  number: formatCardNumber(number),
  expirationDate: formatExpiry(expiry.typed),
  cvv,
});
const billingAddress = {
  givenName: 'Ada',
  surname: 'Lovelace',
  streetAddress: '12 Station Parade',
  locality: 'Harrogate',
  postalCode: 'HG1 2AB',
  countryCodeAlpha2: 'GB',
};

function gateway() {
  return mockApi({
    [`POST ${CLIENT_API}/nonces`]: nonceHandler(),
    [`POST ${CLIENT_API}/three_d_secure`]: threeDSecureHandler,
  });
}

async function rejection(promise: Promise<unknown>): Promise<PaymentClientError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PaymentClientError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('test-mode payment client', () => {
  it('reads the client token as braintree-web does, and refuses one it cannot read', () => {
    expect(token).toEqual({
      authorizationFingerprint: 'fp-test',
      clientApiUrl: CLIENT_API,
    });
    expect(() => readClientToken('not a token')).toThrow(
      expect.objectContaining({ code: 'CLIENT_INVALID_AUTHORIZATION' }),
    );
  });

  it('mints a nonce from the card’s non-secret details and the sandbox card’s fake nonce class', async () => {
    const { calls } = gateway();

    const result = await tokenizeTestCard(token, filled('4000111111111115'));

    expect(result).toMatchObject({
      nonce: 'tokencc_1',
      details: { bin: '400011', lastFour: '1115', cardType: 'Visa' },
      threeDSecure: 'frictionless',
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({
      authorization_fingerprint: 'fp-test',
      type: 'CreditCard',
      fake_nonce: 'fake-processor-declined-visa-nonce',
      details: {
        cardType: 'Visa',
        lastFour: '1115',
        bin: '400011',
        expirationMonth: expiry.month,
        expirationYear: expiry.year,
        cardholderName: 'Ada Lovelace',
      },
    });
  });

  it('fails like hosted fields: all empty, or naming the invalid fields, without calling out', async () => {
    const { calls } = gateway();

    const empty = await rejection(tokenizeTestCard(token, EMPTY_CARD));
    expect(empty.code).toBe('HOSTED_FIELDS_FIELDS_EMPTY');

    const invalid = await rejection(
      tokenizeTestCard(token, { ...filled('4111111111111112', '12'), cardholderName: '' }),
    );
    expect(invalid.code).toBe('HOSTED_FIELDS_FIELDS_INVALID');
    expect(invalid.invalidFieldKeys).toEqual(['cardholderName', 'number', 'cvv']);
    expect(calls).toHaveLength(0);
  });

  it('reports a refused mint as HOSTED_FIELDS_FAILED_TOKENIZATION', async () => {
    mockApi({
      [`POST ${CLIENT_API}/nonces`]: () => ({
        status: 422,
        body: { error_type: 'validation', message: 'Unknown fake nonce' },
      }),
    });

    const error = await rejection(tokenizeTestCard(token, filled('4111111111111111')));
    expect(error.code).toBe('HOSTED_FIELDS_FAILED_TOKENIZATION');
  });

  it('passes frictionless cards, fails failed ones, and decides a stored card by bin and last four', async () => {
    const { calls } = gateway();
    const client = createTestModeClient(testClientToken('fp-test'));

    const passed = await client.verifyCard({
      nonce: 'tokencc_vault',
      details: { bin: '411111', lastFour: '1111' },
      amount: '12.50',
      billingAddress,
    });
    expect(passed).toEqual({
      nonce: 'tokencc_vault_3ds',
      liabilityShifted: true,
      liabilityShiftPossible: true,
    });

    const failed = await rejection(
      client.verifyCard({
        nonce: 'tokencc_failing',
        details: { bin: '400000', lastFour: '2925' },
        amount: '12.50',
        billingAddress,
      }),
    );
    expect(failed.code).toBe('THREEDS_AUTHENTICATION_FAILED');

    const unavailable = await client.verifyCard({
      nonce: 'tokencc_unenrolled',
      details: { bin: '400000', lastFour: '2313' },
      amount: '12.50',
      billingAddress,
    });
    expect(unavailable.liabilityShiftPossible).toBe(false);

    expect(calls.map((call) => call.body)).toEqual([
      {
        authorization_fingerprint: 'fp-test',
        nonce: 'tokencc_vault',
        amount: '12.50',
        outcome: 'authenticated',
      },
      {
        authorization_fingerprint: 'fp-test',
        nonce: 'tokencc_failing',
        amount: '12.50',
        outcome: 'failed',
      },
      {
        authorization_fingerprint: 'fp-test',
        nonce: 'tokencc_unenrolled',
        amount: '12.50',
        outcome: 'unavailable',
      },
    ]);
  });

  it('sends device data in Braintree’s shape: a 32-hex correlation id', async () => {
    expect(JSON.parse(testDeviceData())).toEqual({
      correlation_id: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const client = createTestModeClient(testClientToken());
    expect(await client.deviceData()).not.toBe(await client.deviceData());
  });
});
