/**
 * The returns emails (ADR 070), as plain text and HTML with the shop's and customer's
 * text escaped: the return started, with its number and how to send the parcel back;
 * and the return refused, with the reason staff gave.
 */
import { formatShopDate } from '../../../domain/dates.ts';
import type { EmailMessage } from '../../adapters/email/port.ts';
import { escapeHtml } from '../../lib/html.ts';

export interface ReturnEmail {
  to: string;
  orderNumber: string;
  returnNumber: string;
  items: { name: string; quantity: number }[];
}

const trackLink = (shopUrl: string) => `${shopUrl.replace(/\/+$/, '')}/track-order`;

/** The return started: its number, what to send, where, by when, and the refund's timing. */
export function returnStartedEmail(
  value: ReturnEmail & {
    address: string[];
    sendBackDays: number;
    refundDays: number;
    /** When the return was started. */
    at: Date;
  },
  shopUrl: string,
): EmailMessage {
  const sendBy = new Date(value.at.getTime() + value.sendBackDays * 86_400_000);
  const parts = value.items.map((item) => `${item.quantity} × ${item.name}`);
  const steps = [
    `Pack the items securely and write the return number ${value.returnNumber} on a note inside the parcel.`,
    `Send the parcel by ${formatShopDate(sendBy)} (within ${value.sendBackDays} days) to:`,
  ];
  const refund = `We will refund you within ${value.refundDays} days of receiving the items, and email you when we do.`;
  const subject = `Your return ${value.returnNumber} for Everbloom order ${value.orderNumber}`;
  const link = trackLink(shopUrl);
  const text = [
    `We have started return ${value.returnNumber} for your order ${value.orderNumber}.`,
    '',
    'Returning:',
    ...parts.map((part) => `- ${part}`),
    '',
    ...steps,
    '',
    ...value.address,
    '',
    'Keep your proof of postage until we have refunded you.',
    refund,
    '',
    `Track your orders: ${link}`,
  ].join('\n');
  const e = escapeHtml;
  const html = [
    `<h1>Your return ${e(value.returnNumber)}</h1>`,
    `<p>We have started return <strong>${e(value.returnNumber)}</strong> for your order ${e(value.orderNumber)}.</p>`,
    '<h2>Returning</h2>',
    '<ul>',
    ...parts.map((part) => `<li>${e(part)}</li>`),
    '</ul>',
    '<h2>How to send it back</h2>',
    '<ol>',
    ...steps.map((step) => `<li>${e(step)}</li>`),
    '</ol>',
    `<address>${value.address.map(e).join('<br>')}</address>`,
    '<p>Keep your proof of postage until we have refunded you.</p>',
    `<p>${e(refund)}</p>`,
    `<p><a href="${e(link)}">Track your orders</a></p>`,
  ].join('\n');
  return { to: value.to, subject, text, html };
}

/** The return refused, with staff's reason. */
export function returnRefusedEmail(
  value: ReturnEmail & { reason: string },
  shopUrl: string,
): EmailMessage {
  const parts = value.items.map((item) => `${item.quantity} × ${item.name}`);
  const subject = `Your return ${value.returnNumber} for Everbloom order ${value.orderNumber}`;
  const link = trackLink(shopUrl);
  const intro = `We are sorry: we cannot accept return ${value.returnNumber} for your order ${value.orderNumber}.`;
  const reply = 'If you think this is a mistake, reply to this email and we will look again.';
  const text = [
    intro,
    '',
    ...parts.map((part) => `- ${part}`),
    '',
    `Why: ${value.reason}`,
    '',
    reply,
    '',
    `Track your orders: ${link}`,
  ].join('\n');
  const e = escapeHtml;
  const html = [
    `<h1>Your return ${e(value.returnNumber)}</h1>`,
    `<p>${e(intro)}</p>`,
    '<ul>',
    ...parts.map((part) => `<li>${e(part)}</li>`),
    '</ul>',
    `<p>Why: ${e(value.reason)}</p>`,
    `<p>${e(reply)}</p>`,
    `<p><a href="${e(link)}">Track your orders</a></p>`,
  ].join('\n');
  return { to: value.to, subject, text, html };
}
