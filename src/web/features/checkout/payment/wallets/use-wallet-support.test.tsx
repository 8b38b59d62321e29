import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PaymentMode } from '../../../../../domain/api/payments-config.ts';
import { TEST_MODE_WALLETS_KEY, useWalletSupport } from './index.ts';
import { CLIENT_TOKEN, paymentsConfig, renderWallet } from './testing.tsx';

function Support({ mode, token = CLIENT_TOKEN }: { mode: PaymentMode; token?: string }) {
  return <output>{JSON.stringify(useWalletSupport(mode, token))}</output>;
}

const support = () => JSON.parse(screen.getByRole('status').textContent ?? '{}') as unknown;

/** Safari's ApplePaySession as far as the support rule reads it. */
function stubApplePaySession(device: { version3: boolean; canMakePayments: boolean }) {
  const Session = Object.assign(function ApplePaySession() {}, {
    supportsVersion: (version: number) => version <= (device.version3 ? 3 : 2),
    canMakePayments: () => device.canMakePayments,
    STATUS_SUCCESS: 0,
    STATUS_FAILURE: 1,
  });
  vi.stubGlobal('ApplePaySession', Session);
}

/** Google's pay.js, already on the page; its answer is read per call. */
const google = { result: true, paymentMethodPresent: true, requests: [] as object[] };
class PaymentsClient {
  constructor(readonly options: { environment: string }) {}
  async isReadyToPay(request: object) {
    google.requests.push({ ...request, environment: this.options.environment });
    return { result: google.result, paymentMethodPresent: google.paymentMethodPresent };
  }
  async loadPaymentData() {
    return {};
  }
}

beforeEach(() => {
  google.result = true;
  google.paymentMethodPresent = true;
  google.requests = [];
  vi.stubGlobal('google', { payments: { api: { PaymentsClient } } });
});
afterEach(() => vi.unstubAllGlobals());

/** The browser's Payment Request API, answering hasEnrolledInstrument() with `enrolled`. */
function stubPaymentRequest(enrolled: boolean) {
  const methods: string[] = [];
  class PaymentRequestStub {
    constructor(requested: { supportedMethods: string }[]) {
      methods.push(...requested.map((method) => method.supportedMethods));
    }
    async hasEnrolledInstrument() {
      return enrolled;
    }
  }
  vi.stubGlobal('PaymentRequest', PaymentRequestStub);
  return methods;
}

describe('useWalletSupport in test mode', () => {
  it('offers neither wallet when the browser has neither', async () => {
    const methods = stubPaymentRequest(false);
    renderWallet(<Support mode="test" />);
    await waitFor(() => expect(methods).toEqual(['https://google.com/pay']));
    expect(support()).toEqual({ applePay: false, googlePay: false, googlePayTestMode: true });
  });

  it('asks the browser as the real check would: Apple Pay from its session, Google Pay from Payment Request', async () => {
    stubApplePaySession({ version3: true, canMakePayments: true });
    stubPaymentRequest(true);
    renderWallet(<Support mode="test" />);
    await waitFor(() =>
      expect(support()).toEqual({ applePay: true, googlePay: true, googlePayTestMode: true }),
    );
    // Test mode never loads Google's pay.js.
    expect(google.requests).toEqual([]);
  });

  it('offers no Apple Pay on a device whose session cannot make payments', async () => {
    stubApplePaySession({ version3: true, canMakePayments: false });
    const methods = stubPaymentRequest(false);
    renderWallet(<Support mode="test" />);
    await waitFor(() => expect(methods).toHaveLength(1));
    expect(support()).toMatchObject({ applePay: false });
  });

  it('shows both on any browser when a tester sets the switch', () => {
    window.localStorage.setItem(TEST_MODE_WALLETS_KEY, 'apple_pay,google_pay');
    renderWallet(<Support mode="test" />);
    expect(support()).toEqual({ applePay: true, googlePay: true, googlePayTestMode: true });
  });

  it('lets a tester simulate a device with fewer wallets', () => {
    window.localStorage.setItem(TEST_MODE_WALLETS_KEY, 'google_pay');
    const { unmount } = renderWallet(<Support mode="test" />);
    expect(support()).toEqual({ applePay: false, googlePay: true, googlePayTestMode: true });
    unmount();

    window.localStorage.setItem(TEST_MODE_WALLETS_KEY, '');
    renderWallet(<Support mode="test" />);
    expect(support()).toEqual({ applePay: false, googlePay: false, googlePayTestMode: true });
  });

  it('offers nothing without a client token', () => {
    renderWallet(<Support mode="test" token="" />);
    expect(support()).toEqual({ applePay: false, googlePay: false, googlePayTestMode: false });
  });
});

describe('useWalletSupport in Braintree mode', () => {
  const braintree = (googlePay: Record<string, unknown> = {}) => ({
    'GET /api/v1/config': paymentsConfig({
      mode: 'braintree',
      google_pay: { merchant_id: 'BCR2DN4T000000', environment: 'PRODUCTION', ...googlePay },
    }),
  });

  it('offers Apple Pay only with a session supporting version 3 on a device that can pay', async () => {
    google.result = false;
    const cases = [
      { device: null, applePay: false },
      { device: { version3: true, canMakePayments: true }, applePay: true },
      { device: { version3: false, canMakePayments: true }, applePay: false },
      { device: { version3: true, canMakePayments: false }, applePay: false },
    ];
    for (const [index, { device, applePay }] of cases.entries()) {
      vi.unstubAllGlobals();
      vi.stubGlobal('google', { payments: { api: { PaymentsClient } } });
      if (device) stubApplePaySession(device);
      const { unmount } = renderWallet(<Support mode="braintree" />, braintree());
      // The settings have loaded once the Google Pay check has been asked.
      await vi.waitFor(() => expect(google.requests).toHaveLength(index + 1));
      expect(support()).toMatchObject({ applePay });
      unmount();
    }
  });

  it('offers Google Pay when the payments client is ready to pay with an existing method', async () => {
    renderWallet(<Support mode="braintree" />, braintree());
    expect(await screen.findByText(/"googlePay":true/)).toBeInTheDocument();
    expect(support()).toEqual({ applePay: false, googlePay: true, googlePayTestMode: false });
    expect(google.requests).toEqual([
      expect.objectContaining({
        apiVersion: 2,
        apiVersionMinor: 0,
        existingPaymentMethodRequired: true,
        environment: 'PRODUCTION',
      }),
    ]);
    // Network tokens only: a PAN_ONLY card would be sold without strong authentication.
    expect(google.requests[0]).toMatchObject({
      allowedPaymentMethods: [
        {
          type: 'CARD',
          parameters: expect.objectContaining({ allowedAuthMethods: ['CRYPTOGRAM_3DS'] }),
        },
      ],
    });
  });

  it('does not offer Google Pay when the shopper has no method in it, or it is not ready', async () => {
    google.paymentMethodPresent = false;
    const first = renderWallet(<Support mode="braintree" />, braintree());
    await vi.waitFor(() => expect(google.requests).toHaveLength(1));
    expect(support()).toMatchObject({ googlePay: false });
    first.unmount();

    google.paymentMethodPresent = true;
    google.result = false;
    renderWallet(<Support mode="braintree" />, braintree());
    await vi.waitFor(() => expect(google.requests).toHaveLength(2));
    expect(support()).toMatchObject({ googlePay: false });
  });

  it('marks Google’s TEST environment, and needs a merchant id only in production', async () => {
    const test = renderWallet(
      <Support mode="braintree" />,
      braintree({ environment: 'TEST', merchant_id: null }),
    );
    expect(await screen.findByText(/"googlePay":true/)).toBeInTheDocument();
    expect(support()).toMatchObject({ googlePayTestMode: true });
    test.unmount();

    google.requests = [];
    stubApplePaySession({ version3: true, canMakePayments: true });
    renderWallet(<Support mode="braintree" />, braintree({ merchant_id: null }));
    // Apple Pay shows that the settings have loaded.
    await screen.findByText(/"applePay":true/);
    expect(support()).toMatchObject({ googlePay: false });
    expect(google.requests).toEqual([]);
  });
});
