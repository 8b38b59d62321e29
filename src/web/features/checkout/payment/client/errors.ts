/**
 * The card library's error codes (spec section 8; braintree-web's hosted fields and
 * 3-D Secure) and what the shopper is told for each, under the page's 'There was an
 * error taking the card payment' message. Other codes show the library's own message.
 */
import { PaymentClientError } from './types.ts';

export const CARD_ERROR_MESSAGES: Record<string, string> = {
  HOSTED_FIELDS_FIELDS_EMPTY: 'Please enter your card details.',
  HOSTED_FIELDS_FIELDS_INVALID: 'Some of your card details are not valid.',
  HOSTED_FIELDS_FAILED_TOKENIZATION:
    'Your card details could not be checked, please check them and try again.',
  HOSTED_FIELDS_TOKENIZATION_NETWORK_ERROR:
    'We could not reach the payment service. Please check your connection and try again.',
  HOSTED_FIELDS_TOKENIZATION_FAIL_ON_DUPLICATE: 'This card is already saved to your account.',
  HOSTED_FIELDS_TOKENIZATION_CVV_VERIFICATION_FAILED:
    'Your security code could not be verified, please check it.',
  HOSTED_FIELDS_TIMEOUT: 'The card form took too long to load, please reload the page.',
  THREEDS_CARDINAL_SDK_CANCELED: 'The check with your bank was cancelled.',
  THREEDS_AUTHENTICATION_FAILED: 'Your bank could not confirm this payment.',
  THREEDS_LOOKUP_ERROR: 'We could not check your card with your bank, please try again.',
};

/** A shopper-facing line for a payment client error, or the error's own message. */
export function cardErrorMessage(error: unknown): string | null {
  if (error instanceof PaymentClientError) {
    return CARD_ERROR_MESSAGES[error.code] ?? error.message;
  }
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    return CARD_ERROR_MESSAGES[error.code] ?? error.message;
  }
  return null;
}
