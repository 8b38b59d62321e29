import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readyToPay } from '../../testing/fixtures.ts';
import { APPLE_PAY_GROUP_TITLE, ApplePayGroup } from './index.ts';
import { DEVICE_DATA, FINGERPRINT, mintedNonce, renderWallet, walletProps } from './testing.tsx';

const NONCES = 'POST /api/v1/test-mode/braintree/client_api/nonces';

describe('ApplePayGroup in test mode', () => {
  it('says it is simulated, checks the billing form, and the sheet hands on an Apple Pay nonce', async () => {
    const basket = readyToPay();
    const props = walletProps(basket);
    const user = userEvent.setup({ delay: null });
    const { nonceCalls } = renderWallet(<ApplePayGroup {...props} />, {
      [NONCES]: mintedNonce('tokenap_abc123'),
    });
    expect(APPLE_PAY_GROUP_TITLE).toBe('Apple Pay');
    expect(screen.getByText(/Apple Pay is in test mode/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay with Apple Pay' }));
    expect(props.beforePay).toHaveBeenCalledOnce();
    const sheet = await screen.findByRole('dialog', { name: 'Apple Pay' });
    await user.click(
      within(sheet).getByRole('button', { name: `Pay ${basket.prices.total.label}` }),
    );

    await waitFor(() =>
      expect(props.onPaymentData).toHaveBeenCalledWith({
        payment_method_nonce: 'tokenap_abc123',
        device_data: expect.stringMatching(DEVICE_DATA),
      }),
    );
    expect(nonceCalls().map((call) => call.body)).toEqual([
      {
        authorization_fingerprint: FINGERPRINT,
        type: 'ApplePayCard',
        fake_nonce: 'fake-apple-pay-visa-nonce',
        details: { cardType: 'Visa' },
      },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('charges the discounted total when there is one', async () => {
    const basket = readyToPay({ discount: { label: 'SPRING10', amount: 1_000 } });
    const user = userEvent.setup({ delay: null });
    renderWallet(<ApplePayGroup {...walletProps(basket)} />);

    await user.click(screen.getByRole('button', { name: 'Pay with Apple Pay' }));
    const sheet = await screen.findByRole('dialog', { name: 'Apple Pay' });
    expect(basket.discounted_prices).not.toBeNull();
    expect(
      within(sheet).getByRole('button', { name: `Pay ${basket.discounted_prices?.total.label}` }),
    ).toBeInTheDocument();
  });

  it('stops when the billing form is not valid', async () => {
    const props = walletProps(readyToPay(), { beforePay: async () => false });
    const user = userEvent.setup({ delay: null });
    const { nonceCalls } = renderWallet(<ApplePayGroup {...props} />);

    await user.click(screen.getByRole('button', { name: 'Pay with Apple Pay' }));

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Pay with Apple Pay' })).toBeEnabled(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(nonceCalls()).toEqual([]);
  });

  it('changes nothing when the sheet is dismissed', async () => {
    const props = walletProps(readyToPay());
    const user = userEvent.setup({ delay: null });
    const { nonceCalls } = renderWallet(<ApplePayGroup {...props} />);

    await user.click(screen.getByRole('button', { name: 'Pay with Apple Pay' }));
    await screen.findByRole('dialog', { name: 'Apple Pay' });
    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(nonceCalls()).toEqual([]);
    expect(props.onPaymentData).not.toHaveBeenCalled();
    expect(props.onError).not.toHaveBeenCalled();
  });

  it('reports a nonce that could not be made', async () => {
    const props = walletProps(readyToPay());
    const user = userEvent.setup({ delay: null });
    renderWallet(<ApplePayGroup {...props} />, {
      [NONCES]: () => ({
        status: 503,
        body: {
          error_type: 'internal_error',
          message: 'An error occurred, if this problem persists please contact us.',
        },
      }),
    });

    await user.click(screen.getByRole('button', { name: 'Pay with Apple Pay' }));
    const sheet = await screen.findByRole('dialog', { name: 'Apple Pay' });
    await user.click(within(sheet).getByRole('button', { name: /^Pay £/ }));

    await waitFor(() =>
      expect(props.onError).toHaveBeenCalledWith(
        'An error occurred, if this problem persists please contact us.',
      ),
    );
    expect(props.onPaymentData).not.toHaveBeenCalled();
  });

  it('reports a billing check that failed outright', async () => {
    const props = walletProps(readyToPay(), {
      beforePay: async () => {
        throw new Error('We could not reach the shop. Please check your connection and try again.');
      },
    });
    const user = userEvent.setup({ delay: null });
    renderWallet(<ApplePayGroup {...props} />);

    await user.click(screen.getByRole('button', { name: 'Pay with Apple Pay' }));

    await waitFor(() =>
      expect(props.onError).toHaveBeenCalledWith(
        'We could not reach the shop. Please check your connection and try again.',
      ),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cannot be used while the page is busy', () => {
    renderWallet(<ApplePayGroup {...walletProps(readyToPay(), { disabled: true })} />);
    expect(screen.getByRole('button', { name: 'Pay with Apple Pay' })).toBeDisabled();
  });
});
