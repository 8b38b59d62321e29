/**
 * Every email the shop sends (ADR 072), in the order the back office lists them. A new
 * email is a template file beside these and one line here.
 */
import { abandonedBasket } from './abandoned-basket.tsx';
import { backInStock } from './back-in-stock.tsx';
import { dispatch } from './dispatch.tsx';
import { orderCancellation } from './order-cancellation.tsx';
import { orderConfirmation } from './order-confirmation.tsx';
import { passwordReset } from './password-reset.tsx';
import { refund } from './refund.tsx';
import { returnRefused, returnStarted } from './returns.tsx';
import { previewOf, type EmailPreview } from './template.ts';

export const EMAILS: readonly EmailPreview[] = [
  previewOf(orderConfirmation),
  previewOf(dispatch),
  previewOf(refund),
  previewOf(returnStarted),
  previewOf(returnRefused),
  previewOf(orderCancellation),
  previewOf(passwordReset),
  previewOf(backInStock),
  previewOf(abandonedBasket),
];

/** The email with this id, or undefined. */
export const emailById = (id: string): EmailPreview | undefined =>
  EMAILS.find((email) => email.id === id);
