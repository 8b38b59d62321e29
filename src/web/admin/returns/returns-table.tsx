/** Returns as a table: number (a link), order, status, items and when it was started. */
import { Link } from 'react-router';
import type { AdminReturnView } from '../../../domain/api/returns.ts';
import { formatWhen } from '../orders/format.ts';

export function ReturnsTable({
  returns,
  caption,
  withOrder = false,
}: {
  returns: AdminReturnView[];
  caption: string;
  withOrder?: boolean;
}) {
  return (
    <div className="returns-table-wrap">
      <table className="admin-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Return</th>
            {withOrder && <th scope="col">Order</th>}
            <th scope="col">Started</th>
            <th scope="col">Status</th>
            <th scope="col">Items</th>
          </tr>
        </thead>
        <tbody>
          {returns.map((item) => (
            <tr key={item.return_number}>
              <th scope="row">
                <Link to={`/admin/returns/${item.return_number}`}>{item.return_number}</Link>
              </th>
              {withOrder && (
                <td>
                  <Link to={`/admin/orders/${item.order_number}`}>{item.order_number}</Link>
                </td>
              )}
              <td>{formatWhen(item.created_at)}</td>
              <td>
                <span className={`return-badge return-badge--${item.status}`}>
                  {item.status_label}
                </span>
              </td>
              <td>{item.items.map((line) => `${line.quantity} × ${line.name}`).join(', ')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
