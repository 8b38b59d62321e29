/**
 * The order confirmation email: order number, items, totals, delivery address and
 * option, delivery estimate and payment method, as plain text and HTML (every shopper-
 * or catalogue-supplied text HTML-escaped).
 */
import { addressLines } from '../../../domain/address-lines.ts';
import type { BasketItemView } from '../../../domain/api/basket.ts';
import type { OrderView } from '../../../domain/api/order.ts';
import { formatDeliveryPrice, formatPence } from '../../../domain/money.ts';
import { amountToPay } from '../../../domain/store-credit.ts';
import type { EmailMessage } from '../../adapters/email/port.ts';
import { escapeHtml } from '../../lib/html.ts';

function lineTotal(item: BasketItemView): string {
  return (item.discounted_total_price ?? item.total_price).label;
}

export function itemText(item: BasketItemView): string {
  const preorder = item.preorder ? ` (pre-order: ${item.preorder_quantity})` : '';
  const badge = item.is_promotion_item ? ` (${item.badge ?? 'Free gift'})` : '';
  return `${item.quantity} × ${item.name}${preorder}${badge}: ${lineTotal(item)}`;
}

/** The rows of the totals table: label and amount label. */
function totals(order: OrderView): [string, string][] {
  const rows: [string, string][] = [
    ['Items', order.prices.items.label],
    ['Delivery', formatDeliveryPrice(order.prices.delivery.amount)],
  ];
  for (const discount of order.discounts) rows.push([discount.label, discount.amount_label]);
  if (order.loyalty_points.used > 0) {
    rows.push(['Buds', `-${order.loyalty_points.discount.label}`]);
  }
  rows.push(['Total', (order.discounted_prices?.total ?? order.prices.total).label]);
  if (order.credit && order.credit.used > 0) {
    rows.push(['Store credit', `-${order.credit.discount.label}`]);
    rows.push(['Paid', formatPence(amountToPay(order))]);
  }
  return rows;
}

function paymentText(order: OrderView): string {
  const { label, description } = order.payment_method;
  return description ? `${label} (${description})` : label;
}

/**
 * The confirmation of a paid order; `link` is its signed "View your order" link
 * (order-link.ts), which opens the order on any device.
 */
export function orderConfirmationEmail(order: OrderView, link: string): EmailMessage {
  const items = [...order.items, ...order.promotionItems];
  const address = addressLines(order.delivery_address);
  const subject = `Your Everbloom order ${order.order_number}`;
  const option = `${order.delivery_option.name} (${order.delivery_option.price.label})`;

  const text = [
    `Thank you for your order ${order.order_number}.`,
    '',
    'Items:',
    ...items.map((item) => `- ${itemText(item)}`),
    '',
    ...totals(order).map(([label, amount]) => `${label}: ${amount}`),
    '',
    'Delivery address:',
    ...address,
    ...(order.delivery_safe_place ? [`Safe place: ${order.delivery_safe_place}`] : []),
    '',
    `Delivery: ${option}`,
    `Expected: ${order.delivery_estimate.label}`,
    '',
    `Payment: ${paymentText(order)}`,
    '',
    `View your order: ${link}`,
  ].join('\n');

  const e = escapeHtml;
  const html = [
    `<h1>Thank you for your order ${e(order.order_number)}</h1>`,
    '<h2>Items</h2>',
    '<ul>',
    ...items.map((item) => `<li>${e(itemText(item))}</li>`),
    '</ul>',
    '<table>',
    ...totals(order).map(([label, amount]) => `<tr><th>${e(label)}</th><td>${e(amount)}</td></tr>`),
    '</table>',
    '<h2>Delivery address</h2>',
    `<p>${address.map(e).join('<br>')}</p>`,
    ...(order.delivery_safe_place ? [`<p>Safe place: ${e(order.delivery_safe_place)}</p>`] : []),
    `<p>Delivery: ${e(option)}<br>Expected: ${e(order.delivery_estimate.label)}</p>`,
    `<p>Payment: ${e(paymentText(order))}</p>`,
    `<p><a href="${e(link)}">View your order</a></p>`,
  ].join('\n');

  return { to: order.email_address, subject, text, html };
}
