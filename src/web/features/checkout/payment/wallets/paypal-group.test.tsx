import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { basketItem, gbp, makeBasket } from '../../../basket/testing/fixtures.ts';
import { readyToPay } from '../../testing/fixtures.ts';
import { PAYPAL_GROUP_TITLE, PayPalGroup } from './index.ts';
import { DEVICE_DATA, FINGERPRINT, mintedNonce, renderWallet, walletProps } from './testing.tsx';

const NONCES = 'POST /api/v1/test-mode/braintree/client_api/nonces';

/** A basket whose total is `amount` pence (no delivery chosen). */
const basketOf = (amount: number) =>
  makeBasket({ items: [basketItem({ price: gbp(amount), total_price: gbp(amount) })] });

describe('PayPalGroup in test mode', () => {
  it('checks the billing form, then a PayPal dialog approves and hands on a PayPal nonce', async () => {
    const basket = readyToPay({ email_address: 'ada@example.com' });
    const props = walletProps(basket);
    const user = userEvent.setup({ delay: null });
    const { nonceCalls } = renderWallet(<PayPalGroup {...props} />, {
      [NONCES]: mintedNonce('tokenpp_abc123'),
    });
    expect(PAYPAL_GROUP_TITLE).toBe('PayPal');

    await user.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    expect(props.beforePay).toHaveBeenCalledOnce();
    const dialog = await screen.findByRole('dialog', { name: 'Log in to PayPal' });
    const total = basket.prices.total.label;
    expect(within(dialog).getByText(total)).toBeInTheDocument();
    expect(within(dialog).getByText('Everbloom')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: `Pay ${total}` }));

    await waitFor(() => expect(props.onPaymentData).toHaveBeenCalledOnce());
    expect(props.onPaymentData).toHaveBeenCalledWith({
      payment_method_nonce: 'tokenpp_abc123',
      device_data: expect.stringMatching(DEVICE_DATA),
    });
    expect(nonceCalls()).toEqual([
      expect.objectContaining({
        method: 'POST',
        body: {
          authorization_fingerprint: FINGERPRINT,
          type: 'PayPalAccount',
          fake_nonce: 'fake-paypal-one-time-nonce',
          details: { email: 'ada@example.com' },
        },
      }),
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(props.onError).not.toHaveBeenCalled();
  });

  it('offers Pay Later with Pay in 3 from £20 to £3,000, and approves it the same way', async () => {
    const props = walletProps(basketOf(9_000));
    const user = userEvent.setup({ delay: null });
    renderWallet(<PayPalGroup {...props} />, { [NONCES]: mintedNonce('tokenpp_later') });

    expect(
      screen.getByText('Pay in 3 interest-free payments of £30.00 with PayPal'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Pay Later' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in to PayPal' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay in 3 payments of £30.00' }));

    await waitFor(() =>
      expect(props.onPaymentData).toHaveBeenCalledWith({
        payment_method_nonce: 'tokenpp_later',
        device_data: expect.stringMatching(DEVICE_DATA),
      }),
    );
  });

  it('has no Pay Later outside the Pay in 3 range', async () => {
    for (const amount of [1_999, 300_001]) {
      const { unmount } = renderWallet(<PayPalGroup {...walletProps(basketOf(amount))} />);
      expect(screen.getByRole('button', { name: 'Pay with PayPal' })).toBeEnabled();
      expect(screen.queryByRole('button', { name: 'Pay Later' })).not.toBeInTheDocument();
      expect(screen.queryByText(/Pay in 3/)).not.toBeInTheDocument();
      unmount();
    }
  });

  it('stops when the billing form is not valid: no dialog, no nonce', async () => {
    const props = walletProps(readyToPay(), { beforePay: async () => false });
    const user = userEvent.setup({ delay: null });
    const { nonceCalls } = renderWallet(<PayPalGroup {...props} />);

    await user.click(screen.getByRole('button', { name: 'Pay with PayPal' }));

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Pay with PayPal' })).toBeEnabled(),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(nonceCalls()).toEqual([]);
    expect(props.onPaymentData).not.toHaveBeenCalled();
  });

  it('changes nothing when the shopper cancels PayPal', async () => {
    const props = walletProps(readyToPay());
    const user = userEvent.setup({ delay: null });
    const { nonceCalls } = renderWallet(<PayPalGroup {...props} />);

    await user.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in to PayPal' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay with PayPal' })).toHaveFocus();
    expect(nonceCalls()).toEqual([]);
    expect(props.onPaymentData).not.toHaveBeenCalled();
    expect(props.onError).not.toHaveBeenCalled();
  });

  it('reports a nonce that could not be made, and pays nothing', async () => {
    const props = walletProps(readyToPay());
    const user = userEvent.setup({ delay: null });
    renderWallet(<PayPalGroup {...props} />, {
      [NONCES]: () => ({
        status: 422,
        body: {
          error_type: 'payment_method_error',
          message:
            'There was an issue verifying your payment method, please review your details and try again.',
        },
      }),
    });

    await user.click(screen.getByRole('button', { name: 'Pay with PayPal' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in to PayPal' });
    await user.click(within(dialog).getByRole('button', { name: /^Pay £/ }));

    await waitFor(() =>
      expect(props.onError).toHaveBeenCalledWith(
        'There was an issue verifying your payment method, please review your details and try again.',
      ),
    );
    expect(props.onPaymentData).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cannot be used while the page is busy', () => {
    renderWallet(<PayPalGroup {...walletProps(basketOf(9_000), { disabled: true })} />);
    expect(screen.getByRole('button', { name: 'Pay with PayPal' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pay Later' })).toBeDisabled();
  });
});
