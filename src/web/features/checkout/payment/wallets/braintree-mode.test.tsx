/**
 * The wallet groups in Braintree mode. braintree-web, PayPal's SDK, ApplePaySession and
 * Google's pay.js all need the providers' servers or a real wallet, so they are
 * replaced by stand-ins that record what the shop asks of them and answer as the
 * providers document; the tests then play the wallet's part (approve, cancel, fail).
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readyToPay } from '../../testing/fixtures.ts';
import { ApplePayGroup, GooglePayGroup, GOOGLE_PAY_TEST_NOTICE, PayPalGroup } from './index.ts';
import type { PayPalButtonsOptions } from './paypal-sdk.ts';
import { paymentsConfig, renderWallet, walletProps } from './testing.tsx';

const bt = vi.hoisted(() => ({
  client: { name: 'braintree client' },
  deviceData: '{"correlation_id":"0123456789abcdef0123456789abcdef"}',
  paypalCheckout: null as unknown as {
    loadPayPalSDK: ReturnType<typeof vi.fn>;
    createPayment: ReturnType<typeof vi.fn>;
    tokenizePayment: ReturnType<typeof vi.fn>;
  },
  applePay: null as unknown as {
    createPaymentRequest: ReturnType<typeof vi.fn>;
    performValidation: ReturnType<typeof vi.fn>;
    tokenize: ReturnType<typeof vi.fn>;
  },
  applePayCreate: vi.fn(async (_options: unknown): Promise<unknown> => undefined),
  googlePayment: null as unknown as {
    createPaymentDataRequest: ReturnType<typeof vi.fn>;
    parseResponse: ReturnType<typeof vi.fn>;
  },
  googlePaymentCreate: vi.fn(async (_options: unknown): Promise<unknown> => undefined),
}));

vi.mock('braintree-web/client', () => ({ create: async () => bt.client }));
vi.mock('braintree-web/data-collector', () => ({
  create: async () => ({ deviceData: bt.deviceData }),
}));
vi.mock('braintree-web/paypal-checkout', () => ({ create: async () => bt.paypalCheckout }));
vi.mock('braintree-web/apple-pay', () => ({
  create: (options: unknown) => bt.applePayCreate(options),
}));
vi.mock('braintree-web/google-payment', () => ({
  create: (options: unknown) => bt.googlePaymentCreate(options),
}));

const BRAINTREE = { 'GET /api/v1/config': paymentsConfig({ mode: 'braintree' }) };
const braintreeProps = (overrides = {}) =>
  walletProps(readyToPay({ email_address: 'ada@example.com' }), {
    mode: 'braintree',
    ...overrides,
  });

beforeEach(() => {
  // Provider failures are logged for error reporting; these tests cause them on purpose.
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.head.querySelector('meta[name="paypal-client-id"]')?.remove();
});

describe('PayPalGroup in Braintree mode', () => {
  let buttons: PayPalButtonsOptions[];
  const approvedOrder = { payerID: 'PAYER1', orderID: 'EC-123' };
  const actions = () => ({
    resolve: vi.fn(async () => undefined),
    reject: vi.fn(async () => undefined),
  });

  beforeEach(() => {
    buttons = [];
    bt.paypalCheckout = {
      loadPayPalSDK: vi.fn(async () => {
        vi.stubGlobal('paypal', {
          FUNDING: { PAYPAL: 'paypal', PAYLATER: 'paylater' },
          Buttons: (options: PayPalButtonsOptions) => {
            buttons.push(options);
            return {
              isEligible: () => true,
              render: async (container: HTMLElement) => {
                container.innerHTML = `<button type="button">PayPal ${options.fundingSource}</button>`;
              },
              close: async () => undefined,
            };
          },
        });
      }),
      createPayment: vi.fn(async () => 'EC-123'),
      tokenizePayment: vi.fn(async () => ({ nonce: 'paypal-nonce-1', details: {} })),
    };
    const meta = document.createElement('meta');
    meta.name = 'paypal-client-id';
    meta.content = 'client-id-from-page';
    document.head.append(meta);
  });

  it('loads PayPal’s SDK for GBP capture with Pay Later, and renders PayPal and Pay Later buttons', async () => {
    renderWallet(<PayPalGroup {...braintreeProps()} />, BRAINTREE);

    expect(await screen.findByRole('button', { name: 'PayPal paylater' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PayPal paypal' })).toBeInTheDocument();
    expect(bt.paypalCheckout.loadPayPalSDK).toHaveBeenCalledWith({
      currency: 'GBP',
      intent: 'capture',
      'client-id': 'client-id-from-page',
      'enable-funding': 'paylater',
      components: 'buttons,messages',
      locale: 'en_GB',
    });
    expect(buttons.map((button) => button.fundingSource)).toEqual(['paypal', 'paylater']);
    expect(screen.queryByText('Loading PayPal')).not.toBeInTheDocument();
  });

  it('without PAYPAL_CLIENT_ID, lets braintree-web load PayPal with the linked account’s client id', async () => {
    document.head.querySelector('meta[name="paypal-client-id"]')?.remove();
    renderWallet(<PayPalGroup {...braintreeProps()} />, BRAINTREE);

    await screen.findByRole('button', { name: 'PayPal paypal' });
    // braintree-web fills in the client id of the PayPal account linked to the Braintree
    // merchant in the same environment when none is given.
    expect(bt.paypalCheckout.loadPayPalSDK).toHaveBeenCalledWith(
      expect.not.objectContaining({ 'client-id': expect.anything() }),
    );
  });

  it('checks the billing form on click, creates the payment for the total with the delivery address, and hands on the approval', async () => {
    const props = braintreeProps();
    renderWallet(<PayPalGroup {...props} />, BRAINTREE);
    await screen.findByRole('button', { name: 'PayPal paypal' });
    const [paypal] = buttons;

    const click = actions();
    await act(async () => paypal?.onClick?.({}, click));
    expect(props.beforePay).toHaveBeenCalledOnce();
    expect(click.resolve).toHaveBeenCalledOnce();

    await act(async () => void (await paypal?.createOrder()));
    expect(bt.paypalCheckout.createPayment).toHaveBeenCalledWith({
      flow: 'checkout',
      amount: props.basket.prices.total.price,
      currency: 'GBP',
      intent: 'capture',
      enableShippingAddress: true,
      shippingAddressEditable: false,
      shippingAddressOverride: {
        recipientName: 'Ada Lovelace',
        line1: '12 Station Parade',
        line2: '',
        city: 'Harrogate',
        state: 'North Yorkshire',
        postalCode: 'HG1 2AB',
        countryCode: 'GB',
      },
    });

    await act(async () => paypal?.onApprove(approvedOrder));
    expect(bt.paypalCheckout.tokenizePayment).toHaveBeenCalledWith(approvedOrder);
    expect(props.onPaymentData).toHaveBeenCalledWith({
      payment_method_nonce: 'paypal-nonce-1',
      device_data: bt.deviceData,
    });
  });

  it('does not open PayPal when the billing form is not valid', async () => {
    const props = braintreeProps({ beforePay: vi.fn(async () => false) });
    renderWallet(<PayPalGroup {...props} />, BRAINTREE);
    await screen.findByRole('button', { name: 'PayPal paylater' });

    const click = actions();
    await act(async () => buttons[1]?.onClick?.({}, click));
    expect(click.reject).toHaveBeenCalledOnce();
    expect(click.resolve).not.toHaveBeenCalled();
  });

  it('shows PayPal’s error, and reports a PayPal that will not load', async () => {
    const props = braintreeProps();
    renderWallet(<PayPalGroup {...props} />, BRAINTREE);
    await screen.findByRole('button', { name: 'PayPal paypal' });
    act(() => buttons[0]?.onError?.(new Error('PayPal window was blocked')));
    expect(props.onError).toHaveBeenCalledWith('PayPal window was blocked');

    bt.paypalCheckout.loadPayPalSDK.mockRejectedValueOnce(new Error('Could not load PayPal'));
    const failing = braintreeProps();
    renderWallet(<PayPalGroup {...failing} />, BRAINTREE);
    expect(
      await screen.findByText(
        'PayPal is not available just now, please choose another way to pay.',
      ),
    ).toBeInTheDocument();
    expect(failing.onError).toHaveBeenCalledWith('Could not load PayPal');
  });
});

describe('ApplePayGroup in Braintree mode', () => {
  interface FakeSession {
    version: number;
    request: unknown;
    begin: ReturnType<typeof vi.fn>;
    abort: ReturnType<typeof vi.fn>;
    completeMerchantValidation: ReturnType<typeof vi.fn>;
    completePayment: ReturnType<typeof vi.fn>;
    onvalidatemerchant: ((event: { validationURL: string }) => void) | null;
    onpaymentauthorized: ((event: { payment: { token: unknown } }) => void) | null;
  }
  let sessions: FakeSession[];

  beforeEach(() => {
    sessions = [];
    bt.applePay = {
      createPaymentRequest: vi.fn((request: object) => ({ ...request, countryCode: 'GB' })),
      performValidation: vi.fn(async () => ({ merchantSession: 'from-apple' })),
      tokenize: vi.fn(async () => ({ nonce: 'apple-pay-nonce-1', type: 'ApplePayCard' })),
    };
    bt.applePayCreate.mockReset().mockImplementation(async () => bt.applePay);
    class ApplePaySession {
      static STATUS_SUCCESS = 0;
      static STATUS_FAILURE = 1;
      static supportsVersion = () => true;
      static canMakePayments = () => true;
      begin = vi.fn();
      abort = vi.fn();
      completeMerchantValidation = vi.fn();
      completePayment = vi.fn();
      onvalidatemerchant = null;
      onpaymentauthorized = null;
      oncancel = null;
      constructor(
        readonly version: number,
        readonly request: unknown,
      ) {
        sessions.push(this as unknown as FakeSession);
      }
    }
    vi.stubGlobal('ApplePaySession', ApplePaySession);
  });

  async function startSession(props: ReturnType<typeof braintreeProps>) {
    const user = userEvent.setup({ delay: null });
    renderWallet(<ApplePayGroup {...props} />, BRAINTREE);
    const button = await screen.findByRole('button', { name: 'Pay with Apple Pay' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    const session = sessions[0];
    if (!session) throw new Error('No Apple Pay session was started');
    return session;
  }

  it('starts a version 3 session for the total asking for the billing address, validates, and hands on the payment', async () => {
    const props = braintreeProps();
    const session = await startSession(props);

    expect(session.version).toBe(3);
    expect(bt.applePay.createPaymentRequest).toHaveBeenCalledWith({
      total: { label: 'Everbloom', amount: props.basket.prices.total.price },
      requiredBillingContactFields: ['postalAddress'],
    });
    expect(session.begin).toHaveBeenCalledOnce();
    expect(props.beforePay).toHaveBeenCalledOnce();

    await act(async () => session.onvalidatemerchant?.({ validationURL: 'https://apple.test/v' }));
    await waitFor(() =>
      expect(session.completeMerchantValidation).toHaveBeenCalledWith({
        merchantSession: 'from-apple',
      }),
    );
    expect(bt.applePay.performValidation).toHaveBeenCalledWith({
      validationURL: 'https://apple.test/v',
      displayName: 'Everbloom',
    });

    await act(async () => session.onpaymentauthorized?.({ payment: { token: 'apple-token' } }));
    await waitFor(() => expect(session.completePayment).toHaveBeenCalledWith(0));
    expect(bt.applePay.tokenize).toHaveBeenCalledWith({ token: 'apple-token' });
    expect(props.onPaymentData).toHaveBeenCalledWith({
      payment_method_nonce: 'apple-pay-nonce-1',
      device_data: bt.deviceData,
    });
  });

  it('closes the sheet without validating when the billing form is not valid', async () => {
    const props = braintreeProps({ beforePay: vi.fn(async () => false) });
    const session = await startSession(props);

    await act(async () => session.onvalidatemerchant?.({ validationURL: 'https://apple.test/v' }));
    await waitFor(() => expect(session.abort).toHaveBeenCalledOnce());
    expect(bt.applePay.performValidation).not.toHaveBeenCalled();
    expect(props.onPaymentData).not.toHaveBeenCalled();
    expect(props.onError).not.toHaveBeenCalled();
  });

  it('says the card details could not be validated when merchant validation fails', async () => {
    bt.applePay.performValidation.mockRejectedValueOnce(new Error('merchant not registered'));
    const props = braintreeProps();
    const session = await startSession(props);

    await act(async () => session.onvalidatemerchant?.({ validationURL: 'https://apple.test/v' }));
    await waitFor(() =>
      expect(props.onError).toHaveBeenCalledWith(
        'There was an issue validating your card details.',
      ),
    );
    expect(session.abort).toHaveBeenCalledOnce();
  });

  it('says Apple Pay could not be set up when the component fails', async () => {
    bt.applePayCreate.mockRejectedValueOnce(
      new Error('Apple Pay is not enabled for this merchant'),
    );
    const props = braintreeProps();
    renderWallet(<ApplePayGroup {...props} />, BRAINTREE);

    expect(
      await screen.findByText('There was an issue setting up Apple Pay in your browser.'),
    ).toBeInTheDocument();
    expect(props.onError).toHaveBeenCalledWith(
      'There was an issue setting up Apple Pay in your browser.',
    );
  });
});

describe('GooglePayGroup in Braintree mode', () => {
  const google = vi.hoisted(() => ({ loadPaymentData: vi.fn() }));
  class PaymentsClient {
    constructor(readonly options: { environment: string }) {}
    isReadyToPay = async () => ({ result: true, paymentMethodPresent: true });
    loadPaymentData = (request: unknown) => google.loadPaymentData(request, this.options);
  }

  beforeEach(() => {
    google.loadPaymentData = vi.fn(async () => ({ paymentMethodData: { tokenizationData: {} } }));
    bt.googlePayment = {
      createPaymentDataRequest: vi.fn((overrides: object) => ({
        apiVersion: 2,
        apiVersionMinor: 0,
        // As braintree-web asks by default: both authentication methods.
        allowedPaymentMethods: [
          { type: 'CARD', parameters: { allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'] } },
        ],
        ...overrides,
      })),
      parseResponse: vi.fn(async () => ({ nonce: 'google-pay-nonce-1', type: 'AndroidPayCard' })),
    };
    bt.googlePaymentCreate.mockReset().mockImplementation(async () => bt.googlePayment);
    vi.stubGlobal('google', { payments: { api: { PaymentsClient } } });
  });

  const production = {
    'GET /api/v1/config': paymentsConfig({
      mode: 'braintree',
      google_pay: { merchant_id: 'BCR2DN4T000000', environment: 'PRODUCTION' },
    }),
  };

  it('opens Google’s sheet for the total with the billing address (MIN) and hands on the payment', async () => {
    const props = braintreeProps();
    const user = userEvent.setup({ delay: null });
    renderWallet(<GooglePayGroup {...props} />, production);
    const button = await screen.findByRole('button', { name: 'Buy with Google Pay' });
    await waitFor(() => expect(button).toBeEnabled());
    expect(screen.queryByText(GOOGLE_PAY_TEST_NOTICE)).not.toBeInTheDocument();
    expect(bt.googlePaymentCreate).toHaveBeenCalledWith({
      client: bt.client,
      googlePayVersion: 2,
      googleMerchantId: 'BCR2DN4T000000',
    });

    await user.click(button);

    await waitFor(() =>
      expect(props.onPaymentData).toHaveBeenCalledWith({
        payment_method_nonce: 'google-pay-nonce-1',
        device_data: bt.deviceData,
      }),
    );
    expect(bt.googlePayment.createPaymentDataRequest).toHaveBeenCalledWith({
      merchantInfo: { merchantId: 'BCR2DN4T000000', merchantName: 'Everbloom' },
      transactionInfo: {
        currencyCode: 'GBP',
        totalPriceStatus: 'FINAL',
        totalPrice: props.basket.prices.total.price,
      },
    });
    expect(google.loadPaymentData).toHaveBeenCalledWith(
      expect.objectContaining({
        allowedPaymentMethods: [
          {
            type: 'CARD',
            parameters: {
              // Network tokens only (ADR 042): no PAN_ONLY card without 3-D Secure.
              allowedAuthMethods: ['CRYPTOGRAM_3DS'],
              billingAddressRequired: true,
              billingAddressParameters: { format: 'MIN' },
            },
          },
        ],
      }),
      { environment: 'PRODUCTION' },
    );
  });

  it('changes nothing when the shopper closes Google’s sheet, and shows other errors', async () => {
    google.loadPaymentData = vi
      .fn()
      .mockRejectedValueOnce({ statusCode: 'CANCELED' })
      .mockRejectedValueOnce({ statusCode: 'DEVELOPER_ERROR', message: 'Merchant not set up' });
    const props = braintreeProps();
    const user = userEvent.setup({ delay: null });
    renderWallet(<GooglePayGroup {...props} />, production);
    const button = await screen.findByRole('button', { name: 'Buy with Google Pay' });
    await waitFor(() => expect(button).toBeEnabled());

    await user.click(button);
    await waitFor(() => expect(google.loadPaymentData).toHaveBeenCalledTimes(1));
    expect(props.onError).not.toHaveBeenCalled();

    await user.click(button);
    await waitFor(() => expect(props.onError).toHaveBeenCalledWith('Merchant not set up'));
    expect(props.onPaymentData).not.toHaveBeenCalled();
  });

  it('shows the test-mode notice in Google’s TEST environment', async () => {
    renderWallet(<GooglePayGroup {...braintreeProps()} />, BRAINTREE);
    expect(await screen.findByText(GOOGLE_PAY_TEST_NOTICE)).toBeInTheDocument();
  });
});
