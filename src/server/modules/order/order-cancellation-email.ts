/**
 * The email confirming a cancelled pre-order (ADR 023): which order, its items, how the
 * payment goes back (a void releases it, a refund takes a few working days) and any
 * buds returned or taken back, and the credit note crediting the order (ADR 078, its PDF
 * attached by the caller), turned into the template's props.
 */
import type { OrderView } from '../../../domain/api/order.ts';
import type { EmailMessage } from '../../adapters/email/port.ts';
import { orderCancellation } from '../../emails/order-cancellation.tsx';
import { renderEmail } from '../../emails/template.ts';
import { formatPence } from '../../../domain/money.ts';
import { amountToPay } from '../../../domain/store-credit.ts';
import { itemText } from './order-email.ts';

function paymentSentence(order: OrderView): string {
  // The payment was the total less any store credit, which goes back as credit.
  const total = formatPence(amountToPay(order));
  switch (order.cancellation?.payment) {
    case 'void':
      return `Your payment of ${total} has been cancelled: it will not be taken, and any hold on your account will be released by your bank.`;
    case 'refund':
      return `Your payment of ${total} has been refunded to ${order.payment_method.label}; it can take up to 5 working days to reach you.`;
    default:
      return 'No payment was taken for this order.';
  }
}

function budsSentences(order: OrderView): string[] {
  const sentences: string[] = [];
  if (order.credit && order.credit.used > 0) {
    sentences.push(
      `The ${order.credit.discount.label} of store credit you spent has been returned to your account.`,
    );
  }
  if (order.loyalty_points.used > 0) {
    sentences.push(
      `The ${order.loyalty_points.used} buds you spent have been returned to your account.`,
    );
  }
  if (order.loyalty_points.earned > 0) {
    sentences.push(
      `The ${order.loyalty_points.earned} buds earned on this order have been removed.`,
    );
  }
  return sentences;
}

/** The words and look are the template's (src/server/emails/order-cancellation.tsx). */
export function orderCancellationEmail(
  order: OrderView,
  shopUrl: string,
  creditNote: string | null = null,
): Promise<EmailMessage> {
  return renderEmail(
    orderCancellation,
    {
      orderNumber: order.order_number,
      items: [...order.items, ...order.promotionItems].map(itemText),
      payment: paymentSentence(order),
      buds: budsSentences(order),
      creditNote: creditNote
        ? `Credit note ${creditNote} cancels this order's VAT invoice; it is attached to this email.`
        : null,
      link: `${shopUrl.replace(/\/+$/, '')}/track-order`,
    },
    order.email_address,
  );
}
