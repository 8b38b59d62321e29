/**
 * Braintree's documented fake nonces (braintree_node lib/braintree/test_values/nonces.js,
 * and the sandbox testing guide), as the test-mode gateway understands them: the kind
 * of payment method each stands for, its card details, what a card verification of it
 * answers, and, for the 3-D Secure ones, the authentication's result. Only the ones a
 * UK card-and-wallet shop meets are listed; any other name is an unknown nonce.
 */
import type { PaymentMethodType } from '../../../domain/api/order.ts';
import { FAKE_WALLET_NONCES, type NonceType } from '../../../domain/payments/nonce-types.ts';

/** The shop's (and the sale's) name for each. */
export const PAYMENT_TYPE_OF: Record<NonceType, PaymentMethodType> = {
  CreditCard: 'credit_card',
  PayPalAccount: 'paypal',
  ApplePayCard: 'apple_pay',
  AndroidPayCard: 'android_pay_card',
};

/**
 * What verifying the method answers: approved; declined by the processor (2000 Do Not
 * Honor), a processor failure (3000), rejected by the gateway's fraud or risk rules,
 * an invalid card number, or a nonce already used.
 */
export type Verification =
  | 'approved'
  | 'processor_declined'
  | 'processor_failure'
  | 'gateway_rejected_fraud'
  | 'gateway_rejected_risk'
  | 'luhn_invalid'
  | 'consumed';

export interface ThreeDSecureResult {
  /** Braintree's threeDSecureInfo.status, e.g. authenticate_successful. */
  status: string;
  liabilityShifted: boolean;
  liabilityShiftPossible: boolean;
}

export interface FakeNonce {
  type: NonceType;
  verification: Verification;
  cardType: string | null;
  bin: string | null;
  lastFour: string | null;
  /** Set for the 3-D Secure fake nonces: as if authentication had already run. */
  threeDSecure: ThreeDSecureResult | null;
  email?: string;
}

const card = (
  cardType: string,
  bin: string,
  lastFour: string,
  verification: Verification = 'approved',
  threeDSecure: ThreeDSecureResult | null = null,
): FakeNonce => ({ type: 'CreditCard', verification, cardType, bin, lastFour, threeDSecure });

const wallet = (type: NonceType, cardType: string | null, lastFour: string | null): FakeNonce => ({
  type,
  verification: 'approved',
  cardType,
  bin: null,
  lastFour,
  threeDSecure: null,
  ...(type === 'PayPalAccount' ? { email: 'payer@example.com' } : {}),
});

/** 3-D Secure outcomes, as the three_d_secure endpoint and the fake nonces give them. */
export const THREE_D_SECURE = {
  authenticated: {
    status: 'authenticate_successful',
    liabilityShifted: true,
    liabilityShiftPossible: true,
  },
  failed: { status: 'authenticate_failed', liabilityShifted: false, liabilityShiftPossible: true },
  unavailable: {
    status: 'lookup_not_enrolled',
    liabilityShifted: false,
    liabilityShiftPossible: false,
  },
  lookupError: { status: 'lookup_error', liabilityShifted: false, liabilityShiftPossible: false },
} as const satisfies Record<string, ThreeDSecureResult>;

export const FAKE_NONCES: Readonly<Record<string, FakeNonce>> = {
  'fake-valid-nonce': card('Visa', '401288', '1881'),
  'fake-valid-visa-nonce': card('Visa', '401288', '1881'),
  'fake-valid-mastercard-nonce': card('MasterCard', '555555', '4444'),
  'fake-valid-amex-nonce': card('American Express', '378282', '0005'),
  'fake-valid-discover-nonce': card('Discover', '601111', '1117'),
  'fake-valid-jcb-nonce': card('JCB', '353011', '0000'),
  'fake-valid-maestro-nonce': card('Maestro', '630400', '0000'),
  'fake-valid-dinersclub-nonce': card('Diners Club', '362596', '0004'),
  'fake-valid-debit-nonce': card('Visa', '400551', '0004'),
  'fake-valid-prepaid-nonce': card('Visa', '400551', '0004'),
  'fake-processor-declined-visa-nonce': card('Visa', '400011', '1115', 'processor_declined'),
  'fake-processor-declined-mastercard-nonce': card(
    'MasterCard',
    '510510',
    '5100',
    'processor_declined',
  ),
  'fake-processor-declined-amex-nonce': card(
    'American Express',
    '378734',
    '1000',
    'processor_declined',
  ),
  'fake-processor-declined-discover-nonce': card(
    'Discover',
    '601100',
    '9424',
    'processor_declined',
  ),
  'fake-processor-failure-jcb-nonce': card('JCB', '356600', '0505', 'processor_failure'),
  'fake-luhn-invalid-nonce': card('Visa', '411111', '1112', 'luhn_invalid'),
  'fake-consumed-nonce': card('Visa', '411111', '1111', 'consumed'),
  'fake-gateway-rejected-fraud-nonce': card('Visa', '400011', '1511', 'gateway_rejected_fraud'),
  'fake-gateway-rejected-risk-thresholds-nonce': card(
    'Visa',
    '411111',
    '1111',
    'gateway_rejected_risk',
  ),
  'fake-three-d-secure-two-visa-successful-frictionless-authentication-nonce': card(
    'Visa',
    '400000',
    '2701',
    'approved',
    THREE_D_SECURE.authenticated,
  ),
  'fake-three-d-secure-two-visa-successful-step-up-authentication-nonce': card(
    'Visa',
    '400000',
    '1091',
    'approved',
    THREE_D_SECURE.authenticated,
  ),
  'fake-three-d-secure-two-visa-error-on-lookup-nonce': card(
    'Visa',
    '400000',
    '2313',
    'approved',
    THREE_D_SECURE.lookupError,
  ),
  'fake-three-d-secure-two-visa-timeout-on-lookup-nonce': card(
    'Visa',
    '400000',
    '2313',
    'approved',
    THREE_D_SECURE.lookupError,
  ),
  'fake-three-d-secure-visa-full-authentication-nonce': card(
    'Visa',
    '400000',
    '1000',
    'approved',
    THREE_D_SECURE.authenticated,
  ),
  'fake-three-d-secure-visa-failed-authentication-nonce': card(
    'Visa',
    '400000',
    '1018',
    'approved',
    THREE_D_SECURE.failed,
  ),
  'fake-three-d-secure-visa-not-enrolled-nonce': card(
    'Visa',
    '400000',
    '1026',
    'approved',
    THREE_D_SECURE.unavailable,
  ),
  [FAKE_WALLET_NONCES.PayPalAccount]: wallet('PayPalAccount', null, null),
  'fake-paypal-billing-agreement-nonce': wallet('PayPalAccount', null, null),
  [FAKE_WALLET_NONCES.ApplePayCard]: wallet('ApplePayCard', 'Apple Pay - Visa', '1881'),
  'fake-apple-pay-mastercard-nonce': wallet('ApplePayCard', 'Apple Pay - MasterCard', '4444'),
  'fake-apple-pay-amex-nonce': wallet('ApplePayCard', 'Apple Pay - American Express', '0005'),
  'fake-apple-pay-mpan-nonce': wallet('ApplePayCard', 'Apple Pay - Visa', '1881'),
  'fake-android-pay-nonce': wallet('AndroidPayCard', 'Visa', '1881'),
  [FAKE_WALLET_NONCES.AndroidPayCard]: wallet('AndroidPayCard', 'Visa', '1881'),
  'fake-android-pay-mastercard-nonce': wallet('AndroidPayCard', 'MasterCard', '4444'),
  'fake-android-pay-amex-nonce': wallet('AndroidPayCard', 'American Express', '0005'),
  'fake-android-pay-discover-nonce': wallet('AndroidPayCard', 'Discover', '1117'),
};

export function fakeNonce(name: string): FakeNonce | null {
  return Object.hasOwn(FAKE_NONCES, name) ? FAKE_NONCES[name]! : null;
}

/**
 * Braintree's processor response texts for the sandbox's declining amounts
 * (£2,000.00–£2,999.99 answer with the code equal to the whole pounds), from its
 * processor responses reference; codes not listed answer 'Processor Declined'.
 */
const PROCESSOR_DECLINES: Readonly<Record<number, string>> = {
  2000: 'Do Not Honor',
  2001: 'Insufficient Funds',
  2002: 'Limit Exceeded',
  2003: "Cardholder's Activity Limit Exceeded",
  2004: 'Expired Card',
  2005: 'Invalid Credit Card Number',
  2006: 'Invalid Expiration Date',
  2007: 'No Account',
  2008: 'Card Account Length Error',
  2009: 'No Such Issuer',
  2010: 'Card Issuer Declined CVV',
  2011: 'Voice Authorization Required',
  2012: 'Processor Declined - Possible Lost Card',
  2013: 'Processor Declined - Possible Stolen Card',
  2014: 'Processor Declined - Fraud Suspected',
  2015: 'Transaction Not Allowed',
  2038: 'Processor Declined',
  2046: 'Declined',
  2099: 'Cardholder Authentication Required',
};

/** '2000 : Do Not Honor' for a response code in the declining range. */
export function processorDeclineText(code: number): string {
  return `${code} : ${PROCESSOR_DECLINES[code] ?? 'Processor Declined'}`;
}

/** Braintree's answer for the processor-failure band (£3,000.00–£3,000.99). */
export const PROCESSOR_FAILURE_TEXT = '3000 : Processor Network Unavailable - Try Again';
