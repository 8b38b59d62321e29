/**
 * The back-in-stock email: plain text and HTML, the product's name and a link to its
 * page with the variation chosen. Sent once per sign-up, so nothing to unsubscribe from.
 */
import type { EmailMessage } from '../../adapters/email/port.ts';
import { escapeHtml } from '../../lib/html.ts';

export function backInStockEmail(input: { to: string; name: string; url: string }): EmailMessage {
  const { to, name, url } = input;
  return {
    to,
    subject: `Back in stock: ${name}`,
    text: [
      'Good news!',
      '',
      `${name} is back in stock at Everbloom. You asked us to let you know:`,
      url,
      '',
      'Stock can go quickly, so we cannot hold it for you.',
      'This is the only email we will send about it.',
      '',
      'Everbloom',
    ].join('\n'),
    html: [
      '<p>Good news!</p>',
      `<p><strong>${escapeHtml(name)}</strong> is back in stock at Everbloom. You asked us to let you know:</p>`,
      `<p><a href="${escapeHtml(url)}">View ${escapeHtml(name)}</a></p>`,
      '<p>Stock can go quickly, so we cannot hold it for you. This is the only email we will send about it.</p>',
      '<p>Everbloom</p>',
    ].join('\n'),
  };
}
