/**
 * The dispatch email (ADR 050): what this parcel holds, the carrier, the tracking number
 * and its link, and what is still to come — as plain text and HTML, every staff- or
 * catalogue-supplied text HTML-escaped (a tracking number holds only letters, digits,
 * spaces and dashes, but is escaped all the same).
 */
import type { AdminOrderView, ShipmentView } from '../../../domain/api/admin-orders.ts';
import type { EmailMessage } from '../../adapters/email/port.ts';
import { escapeHtml } from '../../lib/html.ts';

/** Lines not yet sent (nor refunded): name and how many. */
export function stillToCome(order: AdminOrderView): { name: string; quantity: number }[] {
  return order.lines
    .map((line) => ({ name: line.name, quantity: line.quantity - line.refunded - line.dispatched }))
    .filter((line) => line.quantity > 0);
}

/** `link`: the order's signed "View your order" link. */
export function dispatchEmail(
  order: AdminOrderView,
  shipment: ShipmentView,
  link: string,
): EmailMessage {
  const rest = stillToCome(order);
  const complete = rest.length === 0;
  const subject = complete
    ? `Your Everbloom order ${order.order_number} is on its way`
    : `Part of your Everbloom order ${order.order_number} is on its way`;
  const sent = shipment.items.map((item) => `${item.quantity} × ${item.name}`);
  const waiting = rest.map((item) => `${item.quantity} × ${item.name}`);
  const tracking = shipment.tracking_number
    ? `Tracking number: ${shipment.tracking_number}`
    : 'This parcel has no tracking number.';

  const text = [
    complete
      ? `Good news: the rest of your order ${order.order_number} has been sent.`
      : `Good news: part of your order ${order.order_number} has been sent.`,
    '',
    'In this parcel:',
    ...sent.map((line) => `- ${line}`),
    '',
    `Carrier: ${shipment.carrier_name}`,
    tracking,
    ...(shipment.tracking_url ? [`Track your parcel: ${shipment.tracking_url}`] : []),
    '',
    ...(complete
      ? ['That is everything in your order.']
      : ['Still to come (we will email you when it is sent):', ...waiting.map((l) => `- ${l}`)]),
    '',
    `View your order: ${link}`,
  ].join('\n');

  const e = escapeHtml;
  const html = [
    `<h1>${e(complete ? 'Your order is on its way' : 'Part of your order is on its way')}</h1>`,
    `<p>Order ${e(order.order_number)}</p>`,
    '<h2>In this parcel</h2>',
    '<ul>',
    ...sent.map((line) => `<li>${e(line)}</li>`),
    '</ul>',
    `<p>Carrier: ${e(shipment.carrier_name)}<br>${e(tracking)}</p>`,
    ...(shipment.tracking_url
      ? [`<p><a href="${e(shipment.tracking_url)}">Track your parcel</a></p>`]
      : []),
    ...(complete
      ? ['<p>That is everything in your order.</p>']
      : [
          '<h2>Still to come</h2>',
          '<p>We will email you when it is sent.</p>',
          '<ul>',
          ...waiting.map((line) => `<li>${e(line)}</li>`),
          '</ul>',
        ]),
    `<p><a href="${e(link)}">View your order</a></p>`,
  ].join('\n');

  return { to: order.email_address, subject, text, html };
}
