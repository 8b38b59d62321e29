import { screen } from '@testing-library/react';
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

describe('useWalletSupport in test mode', () => {
  it('simulates a device with Apple Pay and Google Pay, in Google’s test environment', () => {
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
