/**
 * The email telling a customer about a refund (ADR 051): the credit note number, what was
 * refunded (lines, delivery, goodwill), the amount and where it goes — the card, PayPal…
 * or their store credit — as plain text and HTML (shop-supplied text escaped).
 */
import { formatPence, pence } from '../../../domain/money.ts';
import type { EmailMessage } from '../../adapters/email/port.ts';
import { escapeHtml } from '../../lib/html.ts';

export interface RefundEmail {
  to: string;
  orderNumber: string;
  creditNoteNumber: string;
  amount: number;
  /** "to the card", "to PayPal", "as store credit". */
  destination: string;
  credit: boolean;
  lines: { name: string; quantity: number; amount: number }[];
  delivery: number;
  goodwill: number;
}

export function refundEmail(refund: RefundEmail, shopUrl: string): EmailMessage {
  const money = (amount: number) => formatPence(pence(amount));
  const parts = [
    ...refund.lines.map((line) => `${line.quantity} × ${line.name}: ${money(line.amount)}`),
    ...(refund.delivery > 0 ? [`Delivery: ${money(refund.delivery)}`] : []),
    ...(refund.goodwill > 0 ? [`A goodwill payment: ${money(refund.goodwill)}`] : []),
  ];
  const where = refund.credit
    ? `${money(refund.amount)} has been added to your Everbloom account as store credit, to spend on your next order.`
    : `${money(refund.amount)} has been refunded ${refund.destination}; it can take up to 5 working days to reach you.`;
  const subject = `Your refund for Everbloom order ${refund.orderNumber} (${refund.creditNoteNumber})`;
  const link = `${shopUrl.replace(/\/+$/, '')}/track-order`;
  const text = [
    `We have refunded part or all of your order ${refund.orderNumber}.`,
    '',
    `Credit note: ${refund.creditNoteNumber}`,
    'Refunded:',
    ...parts.map((part) => `- ${part}`),
    '',
    where,
    '',
    `Track your orders: ${link}`,
  ].join('\n');
  const e = escapeHtml;
  const html = [
    `<h1>Your refund for order ${e(refund.orderNumber)}</h1>`,
    `<p>Credit note: <strong>${e(refund.creditNoteNumber)}</strong></p>`,
    '<h2>Refunded</h2>',
    '<ul>',
    ...parts.map((part) => `<li>${e(part)}</li>`),
    '</ul>',
    `<p>${e(where)}</p>`,
    `<p><a href="${e(link)}">Track your orders</a></p>`,
  ].join('\n');
  return { to: refund.to, subject, text, html };
}
