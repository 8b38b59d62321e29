/**
 * An order's packing slip (/admin/orders/{order_number}/packing-slip, ADR 050): printed
 * on A4 and packed with the parcel — the shop, the order number and date, where it
 * goes (and the safe place), each line with how many were ordered, are already sent
 * and go now (with a tick box), free gifts marked, and the staff's notes for the packer.
 * The layout's print CSS leaves the header and navigation off the paper.
 */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { addressLines } from '../../../domain/address-lines.ts';
import type { AdminOrderView } from '../../../domain/api/admin-orders.ts';
import { SHOP_NAME } from '../../../domain/api/payments-config.ts';
import { formatShopDate } from '../../../domain/dates.ts';
import { Button } from '../../ui/button.tsx';
import { ErrorFallback } from '../../ui/error-fallback.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { adminApi, ApiError } from '../lib/admin-api.ts';
import { usePageTitle } from '../lib/page-title.ts';
import './dispatch.css';

/** Units of a line to put in this parcel: ordered, less sent and refunded. */
const toSendOf = (line: AdminOrderView['lines'][number]) =>
  Math.max(0, line.quantity - line.dispatched - line.refunded);

export function PackingSlipPage() {
  const { orderNumber = '' } = useParams();
  const order = useQuery({
    queryKey: ['admin', 'order', orderNumber],
    queryFn: () =>
      adminApi<{ order: AdminOrderView }>('GET', `/orders/${encodeURIComponent(orderNumber)}`),
  });
  usePageTitle(`Packing slip ${orderNumber}`);
  if (order.data) return <PackingSlip order={order.data.order} />;
  if (order.isError) {
    const notFound = order.error instanceof ApiError && order.error.status === 404;
    return (
      <section className="admin-page">
        <h1>Packing slip {orderNumber}</h1>
        {notFound ? (
          <p>There is no order {orderNumber}.</p>
        ) : (
          <ErrorFallback onRetry={() => void order.refetch()}>
            <p>Sorry, the order could not be loaded. {order.error.message}</p>
          </ErrorFallback>
        )}
      </section>
    );
  }
  return <LoadingOverlay message="Loading the order…" />;
}

export function PackingSlip({ order }: { order: AdminOrderView }) {
  const notes = order.timeline.filter((entry) => entry.kind === 'note');
  const lines = order.lines.filter((line) => line.quantity - line.refunded > 0);
  return (
    <article className="admin-page packing-slip">
      <div className="packing-slip__actions">
        <Link to={`/admin/orders/${encodeURIComponent(order.order_number)}`}>
          Back to the order
        </Link>
        <Button onClick={() => window.print()}>Print</Button>
      </div>
      <header className="packing-slip__header">
        <p className="packing-slip__shop">{SHOP_NAME}</p>
        <h1>Packing slip: order {order.order_number}</h1>
        <p>Ordered on {formatShopDate(order.date)}</p>
      </header>
      <section aria-labelledby="packing-slip-address" className="packing-slip__address">
        <h2 id="packing-slip-address">Deliver to</h2>
        <address>
          {addressLines(order.delivery_address).map((line, index) => (
            <span key={index}>{line}</span>
          ))}
        </address>
        <p>{order.delivery_option.name}</p>
        {order.delivery_safe_place && (
          <p>
            <strong>Safe place:</strong> {order.delivery_safe_place}
          </p>
        )}
      </section>
      <section aria-labelledby="packing-slip-items">
        <h2 id="packing-slip-items">Items</h2>
        <table className="admin-table packing-slip__lines">
          <thead>
            <tr>
              <th scope="col">Packed</th>
              <th scope="col">Item</th>
              <th scope="col">SKU</th>
              <th scope="col" className="number">
                Ordered
              </th>
              <th scope="col" className="number">
                Already sent
              </th>
              <th scope="col" className="number">
                To send now
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.order_item_id}>
                <td>
                  {toSendOf(line) > 0 && (
                    <input
                      type="checkbox"
                      className="packing-slip__tick"
                      aria-label={`Packed ${line.name}`}
                    />
                  )}
                </td>
                <th scope="row">
                  {line.name}
                  {line.is_promotion_item && <> (free gift)</>}
                  {line.preorder_quantity > 0 && <> (pre-order)</>}
                </th>
                <td>{line.sku}</td>
                <td className="number">{line.quantity - line.refunded}</td>
                <td className="number">{line.dispatched}</td>
                <td className="number">{toSendOf(line)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section aria-labelledby="packing-slip-notes" className="packing-slip__notes">
        <h2 id="packing-slip-notes">Notes for the packer</h2>
        {notes.length > 0 ? (
          <ul>
            {notes.map((note, index) => (
              <li key={index}>{note.summary}</li>
            ))}
          </ul>
        ) : (
          <p>No notes.</p>
        )}
      </section>
      <p className="packing-slip__thanks">Thank you for shopping with {SHOP_NAME}.</p>
    </article>
  );
}
