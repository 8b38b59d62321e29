/**
 * The message a shopper sees for an error reply (spec section 8), without the whole
 * error catalogue, so the browser's first download stays small. The server sends the
 * catalogue's message with every error; this decides what to show from the reply.
 */

/** The form-level message shown with any validation error (spec section 5). */
export const VALIDATION_MESSAGE =
  'There is a problem submitting the form, please check the notice(s) below.';
export const INTERNAL_ERROR_MESSAGE =
  'An error occurred, if this problem persists please contact us.';
export const PAYMENT_FAILED_MESSAGE = 'Failed to process payment details.';

/**
 * The internal_error text for anything mentioning 'status code', the form-level text
 * for validation, the server's message when there is one (payment_failed falls back
 * to its default), 'Not found' for a bare 404, else the internal_error text.
 */
export function shopperMessage(input: {
  status?: number;
  error_type?: string;
  message?: string;
}): string {
  const { status, error_type: type, message } = input;
  if (message && /status code/i.test(message)) return INTERNAL_ERROR_MESSAGE;
  if (type === 'validation') return VALIDATION_MESSAGE;
  if (message) return message;
  if (type === 'payment_failed') return PAYMENT_FAILED_MESSAGE;
  if (status === 404 && !type) return 'Not found';
  return INTERNAL_ERROR_MESSAGE;
}
