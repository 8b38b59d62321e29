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
/** order_not_found's message, also the heading of a page whose order cannot be read. */
export const ORDER_NOT_FOUND_MESSAGE = 'Order not found.';
/** product_unavailable's message, also shown beside a discontinued variation. */
export const PRODUCT_UNAVAILABLE_MESSAGE =
  'Sorry, this variation has been discontinued and is no longer available to purchase.';

/** Per-field messages keyed by the request's field names (an error reply's `errors`). */
export type FieldErrors = Record<string, string[]>;

/** What a 404 without an error type shows, whatever message it carries (spec section 8). */
export const NOT_FOUND_MESSAGE = 'Not found';

/**
 * 'Not found' for a 404 with no error type (its message, if any, is not shown), the
 * internal_error text for anything mentioning 'status code', the form-level text for
 * validation, the server's message when there is one (payment_failed falls back to
 * its default), else the internal_error text.
 */
export function shopperMessage(input: {
  status?: number;
  error_type?: string;
  message?: string;
}): string {
  const { status, error_type: type, message } = input;
  if (status === 404 && !type) return NOT_FOUND_MESSAGE;
  if (message && /status code/i.test(message)) return INTERNAL_ERROR_MESSAGE;
  if (type === 'validation') return VALIDATION_MESSAGE;
  if (message) return message;
  if (type === 'payment_failed') return PAYMENT_FAILED_MESSAGE;
  return INTERNAL_ERROR_MESSAGE;
}
