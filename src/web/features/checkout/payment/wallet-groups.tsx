/**
 * The wallet payment groups (PayPal, Apple Pay, Google Pay) beside the card group.
 * They come from ./wallets/index.ts; this is the one place the payment page takes
 * them from.
 */
import type { AccordionItem } from '../../../ui/accordion.tsx';
import {
  APPLE_PAY_GROUP_TITLE,
  ApplePayGroup,
  GOOGLE_PAY_GROUP_TITLE,
  GooglePayGroup,
  PAYPAL_GROUP_TITLE,
  PayPalGroup,
  useWalletSupport,
  type WalletProps,
} from './wallets/index.ts';

/** What each wallet group takes, built by the payment page. */
export type WalletGroupProps = WalletProps;

/**
 * The accordion items for the wallets the device supports, after the card group;
 * `props` is null while no payment client token is held, or when no payment is needed.
 */
export function useWalletGroups(props: WalletGroupProps | null): AccordionItem[] {
  const support = useWalletSupport(props?.mode ?? 'test', props?.clientToken ?? '');
  if (!props) return [];
  return [
    { id: 'paypal', title: PAYPAL_GROUP_TITLE, content: <PayPalGroup {...props} /> },
    ...(support.applePay
      ? [{ id: 'apple-pay', title: APPLE_PAY_GROUP_TITLE, content: <ApplePayGroup {...props} /> }]
      : []),
    ...(support.googlePay
      ? [
          {
            id: 'google-pay',
            title: GOOGLE_PAY_GROUP_TITLE,
            content: <GooglePayGroup {...props} />,
          },
        ]
      : []),
  ];
}
