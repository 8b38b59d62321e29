/**
 * The payment step's wallets (issue #10, ADR 021): which ones this device offers and
 * the content of each one's accordion group. The payment page renders the headers
 * ('PayPal', 'Apple Pay', 'Google Pay') and these inside them.
 */
export { useWalletSupport, TEST_MODE_WALLETS_KEY } from './use-wallet-support.ts';
export { PayPalGroup, PAYPAL_GROUP_TITLE } from './paypal-group.tsx';
export { ApplePayGroup, APPLE_PAY_GROUP_TITLE } from './apple-pay-group.tsx';
export {
  GooglePayGroup,
  GOOGLE_PAY_GROUP_TITLE,
  GOOGLE_PAY_TEST_NOTICE,
} from './google-pay-group.tsx';
export type { WalletPaymentData, WalletProps, WalletSupport } from './types.ts';
