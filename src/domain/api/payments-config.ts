/**
 * What GET /api/v1/config tells the browser about payments (`data.payments`): which
 * gateway the client token is for, and what the wallets need (ADR 020, 021). Never a
 * secret.
 */

/** The shop's name as wallets show it (PayPal, Apple Pay and Google Pay sheets). */
export const SHOP_NAME = 'Everbloom';

/** 'braintree': braintree-web with Braintree's client token; 'test': the shop's test-mode client. */
export type PaymentMode = 'braintree' | 'test';

export interface PaymentsConfigView {
  mode: PaymentMode;
  /** PayPal's client id for loadPayPalSDK, or null to let braintree-web use the gateway's. */
  paypal_client_id: string | null;
  /** Google Pay: its merchant id (needed in PRODUCTION) and the PaymentsClient environment. */
  google_pay: { merchant_id: string | null; environment: 'TEST' | 'PRODUCTION' };
  shop_name: typeof SHOP_NAME;
}
