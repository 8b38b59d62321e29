/**
 * The kinds of payment method a nonce stands for (braintree-web's types), and the
 * Braintree fake nonce each wallet's test-mode simulation mints: the test-mode gateway
 * on the server and the payment page's test-mode client both read these names, so
 * they agree on what a wallet nonce is.
 */

/** braintree-web's payment method types. */
export type NonceType = 'CreditCard' | 'PayPalAccount' | 'ApplePayCard' | 'AndroidPayCard';

export const NONCE_TYPES: readonly NonceType[] = [
  'CreditCard',
  'PayPalAccount',
  'ApplePayCard',
  'AndroidPayCard',
];

/** The wallets' types (everything but a card). */
export type WalletNonceType = Exclude<NonceType, 'CreditCard'>;

/** Braintree's documented fake nonce for each simulated wallet. */
export const FAKE_WALLET_NONCES = {
  PayPalAccount: 'fake-paypal-one-time-nonce',
  ApplePayCard: 'fake-apple-pay-visa-nonce',
  AndroidPayCard: 'fake-android-pay-visa-nonce',
} as const satisfies Record<WalletNonceType, string>;
