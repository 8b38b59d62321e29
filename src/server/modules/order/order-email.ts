/**
 * The order confirmation email: order number, items, totals, delivery address and
 * option, delivery estimate and payment method — this file turns an order into the
 * template's props; the template (src/server/emails/) writes the HTML, escaped by React,
 * and the text.
 */
import { addressLines } from '../../../domain/address-lines.ts';
import type { BasketItemView } from '../../../domain/api/basket.ts';
import type { OrderView } from '../../../domain/api/order.ts';
import { formatDeliveryPrice, formatPence } from '../../../domain/money.ts';
import { amountToPay } from '../../../domain/store-credit.ts';
import type { EmailMessage } from '../../adapters/email/port.ts';
import { orderConfirmation } from '../../emails/order-confirmation.tsx';
import { renderEmail } from '../../emails/template.ts';

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
 * (order-link.ts), which opens the order on any device. The words and look are the
 * template's (src/server/emails/order-confirmation.tsx, ADR 072).
 */
export function orderConfirmationEmail(order: OrderView, link: string): Promise<EmailMessage> {
  return renderEmail(
    orderConfirmation,
    {
      orderNumber: order.order_number,
      items: [...order.items, ...order.promotionItems].map(itemText),
      totals: totals(order).map(([label, amount]) => ({ label, amount })),
      address: addressLines(order.delivery_address),
      safePlace: order.delivery_safe_place || null,
      delivery: `${order.delivery_option.name} (${order.delivery_option.price.label})`,
      expected: order.delivery_estimate.label,
      payment: paymentText(order),
      link,
    },
    order.email_address,
  );
}
