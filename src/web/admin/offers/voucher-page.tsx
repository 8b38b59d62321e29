/**
 * /admin/offers/codes/:code: one discount code — its settings, its usage figures, who
 * used it how often (by account, guests by email address) and the latest orders that
 * used it, each linked — with its Edit and End now actions. Times show in UK time.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { VoucherView } from '../../../domain/api/admin-offers.ts';
import { formatPence, pence } from '../../../domain/money.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../../domain/order-status.ts';
import { formatUkTime } from '../../../domain/uk-time.ts';
import { Button } from '../../ui/button.tsx';
import { LoadingOverlay } from '../../ui/loading-overlay.tsx';
import { Notice } from '../../ui/notice.tsx';
import { ApiError } from '../lib/admin-api.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { OrderStatusBadge } from '../orders/order-status-badge.tsx';
import { fetchVoucher, OFFERS_KEY, patchVoucher } from './offers-api.ts';
import { offerOf, STATUS_LABELS } from './offers-page.tsx';
import { VoucherDialog } from './voucher-dialog.tsx';
import './offers.css';

const when = (iso: string | null, none: string) => (iso ? formatUkTime(iso) : none);
const money = (amount: number) => formatPence(pence(amount));
const isOrderStatus = (status: string): status is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(status);

export function VoucherPage() {
  const { code = '' } = useParams();
  const wanted = code.toUpperCase();
  usePageTitle(`Discount code ${wanted}`);
  const client = useQueryClient();
  const detail = useQuery({
    queryKey: [...OFFERS_KEY, 'voucher', wanted],
    queryFn: () => fetchVoucher(wanted),
  });
  const [editing, setEditing] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const end = useMutation({
    mutationFn: (voucher: VoucherView) =>
      // A code not started yet is switched off; a running one ends now.
      patchVoucher(
        voucher.code,
        voucher.status === 'scheduled' ? { active: false } : { ends_at: new Date().toISOString() },
      ),
    onSuccess: async (voucher) => {
      await client.invalidateQueries({ queryKey: OFFERS_KEY });
      setDone(`${voucher.code} ended.`);
    },
  });
  const switchOn = useMutation({
    mutationFn: (voucher: VoucherView) => patchVoucher(voucher.code, { active: true }),
    onSuccess: async (voucher) => {
      await client.invalidateQueries({ queryKey: OFFERS_KEY });
      setDone(`${voucher.code} switched on.`);
    },
  });

  const back = (
    <p>
      <Link to="/admin/offers">Back to offers</Link>
    </p>
  );
  if (detail.isPending) return <LoadingOverlay message="Loading the discount code…" />;
  if (detail.error) {
    return (
      <section className="admin-page" aria-labelledby="voucher-title">
        {back}
        <h1 id="voucher-title">Discount code {wanted}</h1>
        <Notice tone="error">
          {detail.error instanceof ApiError && detail.error.status === 404
            ? 'No discount code has that name.'
            : detail.error.message}
        </Notice>
      </section>
    );
  }
  const { voucher, orders, customers, customer_count: customerCount } = detail.data;
  const busy = end.isPending || switchOn.isPending;
  const actionError = end.error ?? switchOn.error;
  return (
    <section className="admin-page" aria-labelledby="voucher-title">
      {back}
      <h1 id="voucher-title">
        Discount code <code>{voucher.code}</code>{' '}
        <span className={`offers-status offers-status--${voucher.status}`}>
          {STATUS_LABELS[voucher.status]}
        </span>
      </h1>
      <div role="status">{done && <Notice tone="success">{done}</Notice>}</div>
      {actionError && <Notice tone="error">{actionError.message}</Notice>}
      <div className="offers-actions">
        <Button
          onClick={() => {
            setDone(null);
            setEditing(true);
          }}
        >
          Edit
        </Button>
        {voucher.status !== 'ended' && voucher.status !== 'off' && (
          <Button
            variant="secondary"
            busy={end.isPending}
            busyLabel="Ending"
            disabled={busy}
            onClick={() => {
              setDone(null);
              end.mutate(voucher);
            }}
          >
            End now
          </Button>
        )}
        {voucher.status === 'off' && (
          <Button
            variant="secondary"
            busy={switchOn.isPending}
            busyLabel="Switching on"
            disabled={busy}
            onClick={() => {
              setDone(null);
              switchOn.mutate(voucher);
            }}
          >
            Switch on
          </Button>
        )}
      </div>

      <h2 id="settings-title">Settings</h2>
      <dl className="offers-settings" aria-labelledby="settings-title">
        <dt>Offer</dt>
        <dd>{offerOf(voucher)}</dd>
        <dt>Description</dt>
        <dd>{voucher.description}</dd>
        <dt>Minimum spend on items</dt>
        <dd>{voucher.minimum_spend > 0 ? money(voucher.minimum_spend) : 'None'}</dd>
        <dt>Starts (UK time)</dt>
        <dd>{when(voucher.starts_at, 'At once')}</dd>
        <dt>Ends (UK time)</dt>
        <dd>{when(voucher.ends_at, 'No end')}</dd>
        <dt>Uses in all</dt>
        <dd>{voucher.max_uses === null ? 'No limit' : voucher.max_uses}</dd>
        <dt>Uses per customer</dt>
        <dd>
          {voucher.max_uses_per_customer === null ? 'No limit' : voucher.max_uses_per_customer}
        </dd>
      </dl>

      <h2 id="usage-title">Usage</h2>
      <p className="offers-description">
        A use is an order being paid or paid with the code; a failed or cancelled order gives its
        use back.
      </p>
      <dl className="offers-settings" aria-labelledby="usage-title">
        <dt>Uses</dt>
        <dd>
          {voucher.usage.uses}
          {voucher.max_uses !== null && ` of ${voucher.max_uses}`}
        </dd>
        <dt>Customers</dt>
        <dd>{customerCount}</dd>
        <dt>Discount given</dt>
        <dd>{money(voucher.usage.discount_given)}</dd>
        <dt>Orders’ takings</dt>
        <dd>{money(voucher.usage.takings)}</dd>
      </dl>

      <h2 id="customers-title">Who used it</h2>
      {customers.length === 0 ? (
        <p>Nobody has used this code yet.</p>
      ) : (
        <div className="offers-table-wrap">
          <table className="admin-table" aria-labelledby="customers-title">
            <thead>
              <tr>
                <th scope="col">Customer</th>
                <th scope="col" className="number">
                  Uses
                </th>
              </tr>
            </thead>
            <tbody>
              {customers.map((customer) => (
                <tr key={`${customer.user_id ?? ''}-${customer.email_address}`}>
                  <td>
                    {customer.user_id === null ? (
                      <>
                        {customer.email_address} <span className="offers-description">(guest)</span>
                      </>
                    ) : (
                      <Link to={`/admin/customers/${customer.user_id}`}>
                        {customer.email_address}
                      </Link>
                    )}
                  </td>
                  <td className="number">
                    {customer.uses}
                    {voucher.max_uses_per_customer !== null &&
                      ` of ${voucher.max_uses_per_customer}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {customerCount > customers.length && (
            <p className="offers-description">
              The {customers.length} with most uses of {customerCount}.
            </p>
          )}
        </div>
      )}

      <h2 id="orders-title">Orders that used it</h2>
      {orders.length === 0 ? (
        <p>No orders have used this code yet.</p>
      ) : (
        <div className="offers-table-wrap">
          <table className="admin-table" aria-labelledby="orders-title">
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Placed (UK time)</th>
                <th scope="col">Status</th>
                <th scope="col" className="number">
                  Discount
                </th>
                <th scope="col" className="number">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.order_number}>
                  <th scope="row">
                    <Link to={`/admin/orders/${encodeURIComponent(order.order_number)}`}>
                      {order.order_number}
                    </Link>
                  </th>
                  <td>{formatUkTime(order.placed_at)}</td>
                  <td>
                    {isOrderStatus(order.status) ? (
                      <OrderStatusBadge status={order.status} />
                    ) : (
                      order.status
                    )}
                  </td>
                  <td className="number">{money(order.discount)}</td>
                  <td className="number">{money(order.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {voucher.usage.uses > orders.length && (
            <p className="offers-description">The latest {orders.length} orders.</p>
          )}
        </div>
      )}

      {editing && (
        <VoucherDialog
          voucher={voucher}
          onClose={() => setEditing(false)}
          onDone={(saved, what) => {
            setEditing(false);
            setDone(`${saved.code} ${what}.`);
          }}
        />
      )}
    </section>
  );
}
