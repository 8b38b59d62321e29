/**
 * The parcels of an order, as its customer sees them on the account's order page and
 * the order-tracking page (ADR 050): each with its date, carrier, tracking number (a
 * link to the carrier's tracking page, in a new tab) and what it held.
 */
import type { OrderView } from '../../../domain/api/order.ts';
import { formatShopDate } from '../../../domain/dates.ts';
import { OrderSection } from './order-parts.tsx';

export function OrderShipments({ order }: { order: OrderView }) {
  const shipments = order.shipments ?? [];
  if (shipments.length === 0) return null;
  return (
    <OrderSection title={shipments.length === 1 ? 'Your parcel' : 'Your parcels'}>
      <ol className="order-shipments">
        {shipments.map((shipment, index) => (
          <li key={index} className="order-shipment">
            <p>
              <strong>Sent {formatShopDate(shipment.date)}</strong> by {shipment.carrier_name}
            </p>
            {shipment.tracking_number && (
              <p>
                Tracking number:{' '}
                {shipment.tracking_url ? (
                  <a href={shipment.tracking_url} target="_blank" rel="noopener noreferrer">
                    {shipment.tracking_number}
                    <span className="visually-hidden">
                      {' '}
                      (track with {shipment.carrier_name}, opens in a new tab)
                    </span>
                  </a>
                ) : (
                  shipment.tracking_number
                )}
              </p>
            )}
            <ul>
              {shipment.items.map((item, itemIndex) => (
                <li key={itemIndex}>
                  {item.quantity} × {item.name}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </OrderSection>
  );
}
