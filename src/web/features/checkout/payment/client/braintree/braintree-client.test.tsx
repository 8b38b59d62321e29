import { act, render, screen } from '@testing-library/react';
import { createRef } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PaymentClientError, type CardFieldsHandle } from '../types.ts';
import { createBraintreeClient } from './braintree-client.tsx';

// braintree-web talks to Braintree from iframes; these stand-ins answer as it does.
type Handler = (event: unknown) => void;
const bt = vi.hoisted(() => ({
  client: { teardown: vi.fn() },
  hostedFields: {
    handlers: new Map<string, (event: unknown) => void>(),
    on: vi.fn(),
    tokenize: vi.fn(),
    clear: vi.fn((_key: string) => Promise.resolve()),
    focus: vi.fn((_key: string) => Promise.resolve()),
    teardown: vi.fn(() => Promise.resolve()),
  },
  threeDSecure: { on: vi.fn(), verifyCard: vi.fn(), teardown: vi.fn(() => Promise.resolve()) },
  collector: {
    deviceData: '{"correlation_id":"0123456789abcdef0123456789abcdef"}',
    teardown: vi.fn(),
  },
  createHostedFields: vi.fn(),
}));

vi.mock('braintree-web/client/index.js', () => ({ create: vi.fn(async () => bt.client) }));
vi.mock('braintree-web/hosted-fields/index.js', () => ({ create: bt.createHostedFields }));
vi.mock('braintree-web/three-d-secure/index.js', () => ({
  create: vi.fn(async () => bt.threeDSecure),
}));
vi.mock('braintree-web/data-collector/index.js', () => ({
  create: vi.fn(async () => bt.collector),
}));

const field = (overrides: Record<string, boolean> = {}) => ({
  isEmpty: false,
  isValid: true,
  isPotentiallyValid: true,
  isFocused: false,
  ...overrides,
});

beforeEach(() => {
  bt.hostedFields.handlers.clear();
  bt.hostedFields.on.mockImplementation((name: string, handler: Handler) =>
    bt.hostedFields.handlers.set(name, handler),
  );
  bt.createHostedFields.mockResolvedValue(bt.hostedFields);
});

const verifyOptions = {
  nonce: 'tokencc_bt_1',
  details: { bin: '400000', lastFour: '1091' },
  amount: '159.98',
  email: 'ada@example.com',
  billingAddress: {
    givenName: 'Ada',
    surname: 'Lovelace',
    streetAddress: '12 Station Parade',
    locality: 'Harrogate',
    postalCode: 'HG1 2AB',
    countryCodeAlpha2: 'GB',
  },
};

describe('Braintree payment client', () => {
  it('runs 3-D Secure 2 with nonce, bin, amount, email and billing address, always going on after the lookup', async () => {
    const client = await createBraintreeClient('client-token');
    const [event, onLookup] = bt.threeDSecure.on.mock.calls[0]!;
    expect(event).toBe('lookup-complete');
    const next = vi.fn();
    onLookup({}, next);
    expect(next).toHaveBeenCalled();

    bt.threeDSecure.verifyCard.mockResolvedValueOnce({
      nonce: 'tokencc_bt_verified',
      threeDSecureInfo: { liabilityShifted: true, liabilityShiftPossible: true },
    });
    await expect(client.verifyCard(verifyOptions)).resolves.toEqual({
      nonce: 'tokencc_bt_verified',
      liabilityShifted: true,
      liabilityShiftPossible: true,
    });
    expect(bt.threeDSecure.verifyCard).toHaveBeenCalledWith({
      nonce: 'tokencc_bt_1',
      bin: '400000',
      amount: '159.98',
      email: 'ada@example.com',
      billingAddress: verifyOptions.billingAddress,
    });
    expect(await client.deviceData()).toBe(bt.collector.deviceData);
  });

  it('refuses a card whose bank could have, but did not, take the liability; keeps library codes', async () => {
    const client = await createBraintreeClient('client-token');
    bt.threeDSecure.verifyCard.mockResolvedValueOnce({
      nonce: 'tokencc_bt_failed',
      threeDSecureInfo: { liabilityShifted: false, liabilityShiftPossible: true },
    });
    await expect(client.verifyCard(verifyOptions)).rejects.toMatchObject({
      code: 'THREEDS_AUTHENTICATION_FAILED',
    });

    bt.threeDSecure.verifyCard.mockRejectedValueOnce({
      name: 'BraintreeError',
      code: 'THREEDS_CARDINAL_SDK_CANCELED',
      message: 'Canceled',
    });
    const error = await client.verifyCard(verifyOptions).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(PaymentClientError);
    expect(error).toMatchObject({ code: 'THREEDS_CARDINAL_SDK_CANCELED' });
  });

  it('puts hosted fields in labelled containers, shows their errors once left and maps tokenise failures', async () => {
    const client = await createBraintreeClient('client-token');
    const handle = createRef<CardFieldsHandle>();
    const { CardFields } = client;
    render(<CardFields ref={handle} />);

    await vi.waitFor(() => expect(bt.hostedFields.on).toHaveBeenCalled());
    const { fields } = bt.createHostedFields.mock.calls[0]![0] as {
      fields: Record<string, { container: HTMLElement; placeholder?: string }>;
    };
    expect(Object.keys(fields)).toEqual(['cardholderName', 'number', 'expirationDate', 'cvv']);
    expect(fields.expirationDate?.placeholder).toBe('mm/yy');
    expect(fields.cvv?.placeholder).toBe('CVV');
    expect(fields.number?.container).toBe(screen.getByRole('group', { name: 'Card number' }));

    const state = {
      cardholderName: field(),
      number: field({ isValid: false, isPotentiallyValid: false }),
      expirationDate: field(),
      cvv: field(),
    };
    act(() =>
      bt.hostedFields.handlers.get('validityChange')!({
        emittedBy: 'number',
        fields: state,
        cards: [],
      }),
    );
    expect(screen.queryByText('Please enter a valid card number')).toBeNull();
    act(() =>
      bt.hostedFields.handlers.get('blur')!({ emittedBy: 'number', fields: state, cards: [] }),
    );
    expect(screen.getByText('Please enter a valid card number')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Card number' })).toHaveAccessibleDescription(
      'Please enter a valid card number',
    );

    bt.hostedFields.tokenize.mockRejectedValueOnce({
      code: 'HOSTED_FIELDS_FIELDS_INVALID',
      message: 'Some payment input fields are invalid.',
      details: { invalidFieldKeys: ['cvv'] },
    });
    const error = await act(() => handle.current!.tokenize().catch((reason: unknown) => reason));
    expect(error).toMatchObject({
      code: 'HOSTED_FIELDS_FIELDS_INVALID',
      invalidFieldKeys: ['cvv'],
    });
    expect(bt.hostedFields.focus).toHaveBeenCalledWith('cvv');

    bt.hostedFields.tokenize.mockResolvedValueOnce({
      nonce: 'tokencc_bt_2',
      details: {
        bin: '411111',
        lastFour: '1111',
        cardType: 'Visa',
        expirationMonth: '01',
        expirationYear: '2029',
      },
    });
    await expect(act(() => handle.current!.tokenize())).resolves.toEqual({
      nonce: 'tokencc_bt_2',
      details: {
        bin: '411111',
        lastFour: '1111',
        cardType: 'Visa',
        expirationMonth: '01',
        expirationYear: '2029',
      },
    });

    act(() => handle.current!.clear());
    expect(bt.hostedFields.clear.mock.calls.map(([key]) => key)).toEqual([
      'cardholderName',
      'number',
      'expirationDate',
      'cvv',
    ]);
  });
});
