/**
 * What the payment page and the wallet groups (PayPal, Apple Pay, Google Pay) agree
 * on (ADR 020, ADR 021).
 */
import type { BasketView } from '../../../../../domain/api/basket.ts';
import type { PaymentMode } from '../../../../../domain/api/payments-config.ts';

export interface WalletPaymentData {
  payment_method_nonce: string;
  device_data: string;
}

export interface WalletProps {
  /** The amount charged is the discounted total when present. */
  basket: BasketView;
  mode: PaymentMode;
  clientToken: string;
  /** Validates and saves the billing form first (PayPal, Apple Pay); false: it scrolled to the form. */
  beforePay: () => Promise<boolean>;
  /** Hands the wallet's result to order creation. */
  onPaymentData: (result: WalletPaymentData) => void;
  onError: (message: string) => void;
  disabled: boolean;
}

/** Which wallet groups the payment page shows (spec section 4). */
export interface WalletSupport {
  applePay: boolean;
  googlePay: boolean;
  /** Google Pay runs in its TEST environment: the group shows the test-mode notice. */
  googlePayTestMode: boolean;
}
