/**
 * The email confirming a cancelled pre-order (ADR 023): which order, its items, how the
 * payment goes back (a void releases it, a refund takes a few working days) and any
 * buds returned or taken back, as plain text and HTML (shop-supplied text escaped).
 */
import type { OrderView } from '../../../domain/api/order.ts';
import type { EmailMessage } from '../../adapters/email/port.ts';
import { escapeHtml } from '../../lib/html.ts';
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

export function orderCancellationEmail(order: OrderView, shopUrl: string): EmailMessage {
  const items = [...order.items, ...order.promotionItems];
  const link = `${shopUrl.replace(/\/+$/, '')}/track-order`;
  const subject = `Your Everbloom order ${order.order_number} has been cancelled`;
  const payment = paymentSentence(order);
  const buds = budsSentences(order);

  const text = [
    `Your pre-order ${order.order_number} has been cancelled, as you asked.`,
    '',
    'Items cancelled:',
    ...items.map((item) => `- ${itemText(item)}`),
    '',
    payment,
    ...buds,
    '',
    `Track your orders: ${link}`,
  ].join('\n');

  const e = escapeHtml;
  const html = [
    `<h1>Your order ${e(order.order_number)} has been cancelled</h1>`,
    `<p>Your pre-order ${e(order.order_number)} has been cancelled, as you asked.</p>`,
    '<h2>Items cancelled</h2>',
    '<ul>',
    ...items.map((item) => `<li>${e(itemText(item))}</li>`),
    '</ul>',
    `<p>${e(payment)}</p>`,
    ...buds.map((sentence) => `<p>${e(sentence)}</p>`),
    `<p><a href="${e(link)}">Track your orders</a></p>`,
  ].join('\n');

  return { to: order.email_address, subject, text, html };
}
