/**
 * The error catalogue (spec section 8): every error the API can return, with its
 * HTTP status and the message a shopper sees. Both the server and the browser use it.
 */

import {
  INTERNAL_ERROR_MESSAGE,
  ORDER_NOT_FOUND_MESSAGE,
  PAYMENT_FAILED_MESSAGE,
  PRODUCT_UNAVAILABLE_MESSAGE,
  VALIDATION_MESSAGE,
  type FieldErrors,
} from './shopper-message.ts';

export { VALIDATION_MESSAGE, shopperMessage } from './shopper-message.ts';
export type { FieldErrors } from './shopper-message.ts';

export const errorCatalogue = {
  validation: { status: 422, message: VALIDATION_MESSAGE },
  bad_request: { status: 400, message: 'The request could not be read, please try again.' },
  unauthorized: { status: 401, message: 'You do not have permission to perform that action.' },
  not_found: { status: 404, message: 'Not found' },
  payload_too_large: { status: 413, message: 'The request was too large to process.' },
  unsupported_media_type: {
    status: 415,
    message: 'The request could not be read, please send JSON.',
  },
  internal_error: { status: 500, message: INTERNAL_ERROR_MESSAGE },
  service_unavailable: {
    status: 503,
    message: 'The shop is not ready, please try again shortly.',
  },
  invalid_login: { status: 401, message: 'The login details entered are incorrect.' },
  authorized: { status: 409, message: 'You are already logged in.' },
  rate_limit: {
    status: 429,
    message: 'This action has been attempted too many times, please try again later.',
  },
  order_not_found: { status: 404, message: ORDER_NOT_FOUND_MESSAGE },
  email_exists: {
    status: 409,
    message: 'A registered user with that email address already exists.',
  },
  product_stock_notification_exists: {
    status: 409,
    message:
      "It looks like you've already signed up for updates on this product, you will be notified when it is back in stock.",
  },
  invalid_delivery_option: {
    status: 422,
    message: "That delivery option isn't valid for this basket, please choose another.",
  },
  insufficient_stock: {
    status: 409,
    message: 'Sorry, we do not have enough of that item in stock.',
  },
  product_unavailable: { status: 409, message: PRODUCT_UNAVAILABLE_MESSAGE },
  missing_payment_parameters: {
    status: 422,
    message: 'Some payment information was missing from your order.',
  },
  payment_failed: { status: 402, message: PAYMENT_FAILED_MESSAGE },
  payment_method_error: {
    status: 422,
    message:
      'There was an issue verifying your payment method, please review your details and try again.',
  },
  order_not_preorder: { status: 409, message: 'Non pre-orders cannot currently be cancelled.' },
  // The back office resending a confirmation for an order not (or no longer) paid (ADR 054).
  order_not_paid: {
    status: 409,
    message: 'This order has not been paid, so there is no confirmation to send.',
  },
  order_failed: { status: 409, message: 'We were unable to create your order.' },
  order_total_changed: {
    status: 409,
    message:
      'The total of your order has changed since it was shown to you. Please check your order and try again.',
  },
  basket_order_in_progress: {
    status: 409,
    message:
      "Your basket's order is being paid for, so the basket can't be changed. Please wait a moment and try again.",
  },
  order_tracking_verification_failed: {
    status: 422,
    message: 'Order tracking verification failed, please check the information provided below.',
  },
  staff_exists: {
    status: 409,
    message: 'A staff account with that email address already exists.',
  },
  last_owner: {
    status: 409,
    message:
      'The shop must keep at least one active owner: make another owner first, then change this account.',
  },
  shipment_exceeds_order: {
    status: 409,
    message: 'You cannot send more of an item than was ordered and not yet sent.',
  },
  order_not_dispatchable: {
    status: 409,
    message:
      'This order cannot be dispatched: it is not paid for, or it has been cancelled or refunded.',
  },
  refund_exceeds_payment: {
    status: 409,
    message: 'You cannot refund more than was paid for this order.',
  },
  refund_not_settled: {
    status: 409,
    message:
      'This payment has not settled yet, so it can only be given back in full. Refund all of it, refund it as store credit, or refund this part once the payment has settled (usually the next working day).',
  },
  wishlist_not_found: { status: 404, message: 'The wishlist requested could not be found.' },
  wishlist_item_not_found: {
    status: 404,
    message: 'The item requested could not be found in this wishlist.',
  },
  stock_below_zero: {
    status: 409,
    message: 'There is not enough stock to take that many away.',
  },
  stock_changed: {
    status: 409,
    message:
      'The stock level changed since you opened this form. Check the new level and try again.',
  },
  // The back office's catalogue and offers (issue 22): a value another record already
  // holds; `errors` names the field (e.g. { sku: [...] }).
  sku_exists: { status: 409, message: 'Another variation already uses that SKU.' },
  slug_exists: { status: 409, message: 'Another product already uses that web address.' },
  voucher_exists: { status: 409, message: 'A discount code with that name already exists.' },
  // delivery zones (issue 22, ADR 074): a zone id another zone has; deleting a zone whose
  // option shoppers are still offered.
  delivery_zone_exists: { status: 409, message: 'A delivery zone with that id already exists.' },
  delivery_zone_in_use: {
    status: 409,
    message:
      'This zone still has delivery options shoppers are offered. Close them first (untick Offered), then delete the zone.',
  },
  // delivery options (ADR 082): an id another option has; deleting an option an order
  // used (it is retired instead); changing a retired one; retiring or deleting the last
  // option shoppers in a zone can choose.
  delivery_option_exists: {
    status: 409,
    message: 'A delivery option with that id already exists.',
  },
  delivery_option_used: {
    status: 409,
    message:
      'Orders used this delivery option, so it is kept for them and the reports. Retire it instead.',
  },
  delivery_option_retired: {
    status: 409,
    message: 'This delivery option is retired. Bring it back first, then change it.',
  },
  delivery_option_last_in_zone: {
    status: 409,
    message:
      'This is the last delivery option shoppers in its zone can choose. Add or open another option there first.',
  },
  // customers (issue 22, ADR 066): erasing a customer while one of their orders is still
  // to be paid for or sent (its address is still needed to deliver it), or one of their
  // returns is still open (a refund or an email still owed them; ADR 070).
  customer_has_open_orders: {
    status: 409,
    message:
      'This customer has an order still to be paid for or sent, or a return still open, so their details are still needed. Erase them once it has been sent, cancelled or refunded, and the return refunded or refused.',
  },
  // returns (issue 23): UK Consumer Contracts Regulations, 14 days to cancel after delivery.
  return_not_allowed: {
    status: 409,
    message:
      'These items cannot be returned: they have not been sent yet, the time to return them has passed, or they are already being returned.',
  },
  return_not_found: { status: 404, message: 'The return requested could not be found.' },
  // invoices (issue 23): an order has a VAT invoice once it is paid for.
  invoice_not_available: {
    status: 409,
    message: 'This order has no VAT invoice yet: one is issued once it has been paid for.',
  },
  // background jobs (issue 23): retrying a job that is not in the failed list.
  job_not_found: { status: 404, message: 'The job requested could not be found.' },
} as const satisfies Record<string, { status: number; message: string }>;

/** A snake_case error type from the catalogue. */
export type ErrorType = keyof typeof errorCatalogue;

/** The JSON body of every non-2xx API reply. */
export interface ErrorBody {
  error_type: ErrorType;
  message: string;
  errors?: FieldErrors;
  /** More help for the shopper, shown beside `message`, never in its place (ADR 045). */
  detail?: string;
}

/**
 * Error types whose message the spec fixes: the shopper always sees the catalogue's
 * words, and anything more goes in `detail` (ADR 045).
 */
export type FixedMessageType = 'order_failed';

/** What an AppError may carry besides its type. */
export interface AppErrorOptions {
  /** In place of the catalogue's message (not for a FixedMessageType). */
  message?: string;
  errors?: FieldErrors;
  /** Overrides the catalogue's, e.g. 403 for `unauthorized` on another's record. */
  status?: number;
  /** More help shown beside the message. */
  detail?: string;
}

/** An error the API reports to the caller as `{ error_type, message, errors?, detail? }`. */
export class AppError extends Error {
  readonly type: ErrorType;
  readonly status: number;
  readonly errors: FieldErrors | undefined;
  readonly detail: string | undefined;

  constructor(type: Exclude<ErrorType, FixedMessageType>, options?: AppErrorOptions);
  constructor(type: ErrorType, options?: Omit<AppErrorOptions, 'message'>);
  constructor(type: ErrorType, options: AppErrorOptions = {}) {
    const entry = errorCatalogue[type];
    super(options.message ?? entry.message);
    this.name = 'AppError';
    this.type = type;
    this.status = options.status ?? entry.status;
    this.errors = options.errors;
    this.detail = options.detail;
  }

  /** The reply body. */
  toBody(): ErrorBody {
    const body: ErrorBody = { error_type: this.type, message: this.message };
    if (this.errors) body.errors = this.errors;
    if (this.detail) body.detail = this.detail;
    return body;
  }
}

/** A validation error with per-field messages. */
export function validationError(errors: FieldErrors): AppError {
  return new AppError('validation', { errors });
}
