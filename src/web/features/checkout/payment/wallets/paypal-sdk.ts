/**
 * The PayPal JavaScript SDK as the shop uses it (window.paypal, loaded by
 * braintree-web's loadPayPalSDK): Buttons for PayPal and Pay Later, and Messages for
 * the order summary's pay-later banner. The summary learns that the SDK has arrived
 * through PAYPAL_SDK_EVENT, so it never loads the SDK itself.
 */

export interface PayPalButtonsActions {
  resolve(): Promise<void>;
  reject(): Promise<void>;
}

export interface PayPalButtonsOptions {
  fundingSource: string;
  style?: Record<string, string | number>;
  onClick?: (data: unknown, actions: PayPalButtonsActions) => Promise<void> | void;
  createOrder: () => Promise<string>;
  onApprove: (data: { payerID?: string; orderID?: string; paymentID?: string }) => Promise<void>;
  onCancel?: () => void;
  onError?: (error: unknown) => void;
}

export interface PayPalButtonsInstance {
  isEligible(): boolean;
  render(container: HTMLElement): Promise<void>;
  close(): Promise<void>;
}

export interface PayPalMessagesOptions {
  amount: number;
  currency: string;
  placement: string;
  style?: Record<string, unknown>;
}

export interface PayPalSdk {
  Buttons(options: PayPalButtonsOptions): PayPalButtonsInstance;
  Messages?: (options: PayPalMessagesOptions) => { render(container: HTMLElement): Promise<void> };
  FUNDING: { PAYPAL: string; PAYLATER: string };
}

/** Fired on window once loadPayPalSDK has put window.paypal in place. */
export const PAYPAL_SDK_EVENT = 'everbloom:paypal-sdk-loaded';

export function paypalSdk(): PayPalSdk | null {
  return (window as unknown as { paypal?: PayPalSdk }).paypal ?? null;
}

export function announcePayPalSdk(): void {
  window.dispatchEvent(new Event(PAYPAL_SDK_EVENT));
}
