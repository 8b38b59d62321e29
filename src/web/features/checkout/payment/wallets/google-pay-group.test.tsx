import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readyToPay } from '../../testing/fixtures.ts';
import { GOOGLE_PAY_GROUP_TITLE, GOOGLE_PAY_TEST_NOTICE, GooglePayGroup } from './index.ts';
import { DEVICE_DATA, FINGERPRINT, mintedNonce, renderWallet, walletProps } from './testing.tsx';

const NONCES = 'POST /api/v1/test-mode/braintree/client_api/nonces';

describe('GooglePayGroup in test mode', () => {
  it('shows the test-mode notice, and the sheet hands on a Google Pay nonce without a billing check', async () => {
    const basket = readyToPay();
    const props = walletProps(basket);
    const user = userEvent.setup({ delay: null });
    const { nonceCalls } = renderWallet(<GooglePayGroup {...props} />, {
      [NONCES]: mintedNonce('tokengp_abc123'),
    });
    expect(GOOGLE_PAY_GROUP_TITLE).toBe('Google Pay');
    expect(screen.getByText(GOOGLE_PAY_TEST_NOTICE)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Buy with Google Pay' }));
    const sheet = await screen.findByRole('dialog', { name: 'Google Pay' });
    await user.click(
      within(sheet).getByRole('button', { name: `Pay ${basket.prices.total.label}` }),
    );

    await waitFor(() =>
      expect(props.onPaymentData).toHaveBeenCalledWith({
        payment_method_nonce: 'tokengp_abc123',
        device_data: expect.stringMatching(DEVICE_DATA),
      }),
    );
    // Spec section 4: only PayPal and Apple Pay check the billing form first.
    expect(props.beforePay).not.toHaveBeenCalled();
    expect(nonceCalls().map((call) => call.body)).toEqual([
      {
        authorization_fingerprint: FINGERPRINT,
        type: 'AndroidPayCard',
        fake_nonce: 'fake-android-pay-visa-nonce',
        details: { cardType: 'Visa' },
      },
    ]);
  });

  it('changes nothing when the sheet is cancelled', async () => {
    const props = walletProps(readyToPay());
    const user = userEvent.setup({ delay: null });
    const { nonceCalls } = renderWallet(<GooglePayGroup {...props} />);

    await user.click(screen.getByRole('button', { name: 'Buy with Google Pay' }));
    const sheet = await screen.findByRole('dialog', { name: 'Google Pay' });
    await user.click(within(sheet).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(nonceCalls()).toEqual([]);
    expect(props.onPaymentData).not.toHaveBeenCalled();
  });

  it('reports a client token it cannot read, and pays nothing', async () => {
    const props = walletProps(readyToPay(), { clientToken: 'not-a-token' });
    const user = userEvent.setup({ delay: null });
    const { nonceCalls } = renderWallet(<GooglePayGroup {...props} />);

    await user.click(screen.getByRole('button', { name: 'Buy with Google Pay' }));
    const sheet = await screen.findByRole('dialog', { name: 'Google Pay' });
    await user.click(within(sheet).getByRole('button', { name: /^Pay £/ }));

    await waitFor(() =>
      expect(props.onError).toHaveBeenCalledWith(
        'Authorization is invalid. Make sure your client token or tokenization key is valid.',
      ),
    );
    expect(nonceCalls()).toEqual([]);
    expect(props.onPaymentData).not.toHaveBeenCalled();
  });

  it('cannot be used while the page is busy', () => {
    renderWallet(<GooglePayGroup {...walletProps(readyToPay(), { disabled: true })} />);
    expect(screen.getByRole('button', { name: 'Buy with Google Pay' })).toBeDisabled();
  });
});
