/**
 * The dispatch email (ADR 050): what this parcel holds, the carrier, the tracking number
 * and its link, and what is still to come — this file turns a shipment into the template's props.
 */
import type { AdminOrderView, ShipmentView } from '../../../domain/api/admin-orders.ts';
import type { EmailMessage } from '../../adapters/email/port.ts';
import { dispatch } from '../../emails/dispatch.tsx';
import { renderEmail } from '../../emails/template.ts';

/** Lines not yet sent (nor refunded): name and how many. */
export function stillToCome(order: AdminOrderView): { name: string; quantity: number }[] {
  return order.lines
    .map((line) => ({ name: line.name, quantity: line.quantity - line.refunded - line.dispatched }))
    .filter((line) => line.quantity > 0);
}

/**
 * `link`: the order's signed "View your order" link. The words and look are the
 * template's (src/server/emails/dispatch.tsx).
 */
export function dispatchEmail(
  order: AdminOrderView,
  shipment: ShipmentView,
  link: string,
): Promise<EmailMessage> {
  const rest = stillToCome(order);
  return renderEmail(
    dispatch,
    {
      orderNumber: order.order_number,
      complete: rest.length === 0,
      sent: shipment.items.map((item) => `${item.quantity} × ${item.name}`),
      waiting: rest.map((item) => `${item.quantity} × ${item.name}`),
      carrier: shipment.carrier_name,
      trackingNumber: shipment.tracking_number || null,
      trackingUrl: shipment.tracking_url || null,
      link,
    },
    order.email_address,
  );
}
