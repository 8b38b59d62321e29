/**
 * The wallet payment groups (PayPal, Apple Pay, Google Pay) beside the card group.
 * They come from ./wallets/index.ts (another part of issue #10) and are wired in
 * here, the one place the payment page takes them from: see WIRING below.
 */
import type { BasketView } from '../../../../domain/api/basket.ts';
import type { AccordionItem } from '../../../ui/accordion.tsx';
import type { PaymentMode } from './client/types.ts';

/** What each wallet group takes (contracts.md, WalletProps). */
export interface WalletGroupProps {
  basket: BasketView;
  mode: PaymentMode;
  clientToken: string;
  /** Validates and saves the billing form first (PayPal, Apple Pay); false: it scrolled to the form. */
  beforePay: () => Promise<boolean>;
  /** Hands the wallet's result to order creation. */
  onPaymentData: (result: { payment_method_nonce: string; device_data: string }) => void;
  onError: (message: string) => void;
  disabled: boolean;
}

/**
 * The accordion items for the wallets the device supports, after the card group;
 * `props` is null while no payment client token is held, or when no payment is needed.
 *
 * WIRING (coordinator, at merge):
 *   import { ApplePayGroup, GooglePayGroup, PayPalGroup, useWalletSupport } from './wallets/index.ts';
 *   const support = useWalletSupport(props?.mode ?? 'test', props?.clientToken ?? '');
 *   if (!props) return [];
 *   return [
 *     { id: 'paypal', title: 'PayPal', content: <PayPalGroup {...props} /> },
 *     ...(support.applePay ? [{ id: 'apple-pay', title: 'Apple Pay', content: <ApplePayGroup {...props} /> }] : []),
 *     ...(support.googlePay ? [{ id: 'google-pay', title: 'Google Pay', content: <GooglePayGroup {...props} /> }] : []),
 *   ];
 */
export function useWalletGroups(props: WalletGroupProps | null): AccordionItem[] {
  void props;
  return [];
}
