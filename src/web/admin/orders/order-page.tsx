/**
 * /admin/orders/:orderNumber (ADR 054): one order as staff work with it — customer and
 * addresses, lines (ordered, sent, refunded), payment (3-D Secure too), shipments,
 * refunds, the timeline with who did what, a note form, resending the confirmation and
 * cancelling a pre-order. Every write answers with the order, which replaces the page's
 * data (`onChange`): the dispatch and refund panels do the same.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { addressLines } from '../../../domain/address-lines.ts';
import type { AdminOrderView, PendingRefundCheckView } from '../../../domain/api/admin-orders.ts';
import { orderCancellability } from '../../../domain/order-cancellation.ts';
import { SOLD_ORDER_STATUSES } from '../../../domain/order-status.ts';
import { ORDER_NOTE_MAX } from '../../../domain/schemas/admin-orders.ts';
import { ROLE_LABELS } from '../../../domain/staff.ts';
import { Button } from '../../ui/button.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Notice } from '../../ui/notice.tsx';
import { ApiError } from '../lib/admin-api.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { useCan } from '../lib/session.ts';
import { CreditGrant } from './credit-grant.tsx';
import { DispatchPanel } from './dispatch-panel.tsx';
import { formatWhen } from './format.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { CHECK_TONE, PendingRefundCheck } from './pending-refund-check.tsx';
import { fetchOrder, orderKey, orderWrite } from './orders-api.ts';
import { RefundPanel } from './refund-panel.tsx';
import { OrderReturns } from '../returns/order-returns.tsx';
import './orders.css';

type StaffRef = AdminOrderView['timeline'][number]['staff'];

/** Orders with a VAT invoice (issued when paid for, ADR 071; kept when cancelled, ADR 078). */
const INVOICED_STATUSES: ReadonlySet<string> = new Set(SOLD_ORDER_STATUSES);

const who = (staff: StaffRef) =>
  staff ? `${staff.name} (${ROLE_LABELS[staff.role]})` : 'Shop / customer';

export function OrderPage() {
  const { orderNumber = '' } = useParams();
  usePageTitle(`Order ${orderNumber}`);
  const order = useQuery({
    queryKey: orderKey(orderNumber),
    queryFn: () => fetchOrder(orderNumber),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

  if (order.isPending) return <p role="status">Loading order {orderNumber}…</p>;
  if (order.isError) {
    const notFound = order.error instanceof ApiError && order.error.status === 404;
    return (
      <section className="admin-page">
        <h1>Order {orderNumber}</h1>
        <Notice tone="error">
          {notFound ? 'There is no order with this number.' : order.error.message}
        </Notice>
        <p>
          <Link to="/admin/orders">Back to orders</Link>
        </p>
      </section>
    );
  }
  return <OrderView order={order.data} />;
}

/** The order's page from its data (tests render it from a fixture). */
export function OrderView({ order }: { order: AdminOrderView }) {
  const client = useQueryClient();
  /** What every write (and the lead's dispatch and refund panels) calls with the new order. */
  const onChange = (next: AdminOrderView) => client.setQueryData(orderKey(next.order_number), next);
  const lineName = new Map(order.lines.map((line) => [line.order_item_id, line.name]));
  const total = order.discounted_prices?.total ?? order.prices.total;

  return (
    <section className="admin-page" aria-labelledby="order-title">
      <p>
        <Link to="/admin/orders">Orders</Link>
      </p>
      <header className="order-header">
        <h1 id="order-title">Order {order.order_number}</h1>
        <OrderStatusBadge status={order.status} />
        <span>Placed {formatWhen(order.date)}</span>
        <span>Total {total.label}</span>
        {INVOICED_STATUSES.has(order.status) && (
          <a
            href={`/api/v1/admin/orders/${encodeURIComponent(order.order_number)}/invoice`}
            target="_blank"
            rel="noopener"
          >
            VAT invoice (PDF)
          </a>
        )}
      </header>

      <OrderActions order={order} onChange={onChange} />

      <div className="order-sections">
        <section className="order-section" aria-labelledby="order-customer">
          <h2 id="order-customer">Customer</h2>
          <dl className="order-facts">
            <dt>Email</dt>
            <dd>{order.email_address}</dd>
            <dt>Account</dt>
            <dd>{order.customer ? `${order.customer.name} (#${order.customer.id})` : 'Guest'}</dd>
            <dt>Deliver to</dt>
            <dd>
              {addressLines(order.delivery_address).map((line, i) => (
                <span key={i}>
                  {line}
                  <br />
                </span>
              ))}
            </dd>
            <dt>Bill to</dt>
            <dd>
              {order.billing_address
                ? addressLines(order.billing_address).join(', ')
                : 'Same as delivery'}
            </dd>
            <dt>Delivery</dt>
            <dd>
              {order.delivery_option.name} ({order.delivery_option.price.label})
            </dd>
            {order.delivery_safe_place ? (
              <>
                <dt>Safe place</dt>
                <dd>{order.delivery_safe_place}</dd>
              </>
            ) : null}
          </dl>
        </section>

        <section className="order-section" aria-labelledby="order-payment">
          <h2 id="order-payment">Payment</h2>
          <dl className="order-facts">
            <dt>Method</dt>
            <dd>
              {order.payment.label}
              {order.payment.card_type && order.payment.last_four
                ? ` — ${order.payment.card_type} ending ${order.payment.last_four}`
                : ''}
            </dd>
            <dt>3-D Secure</dt>
            <dd>
              {order.payment.three_d_secure
                ? `${order.payment.three_d_secure.status.replace(/_/g, ' ')}; liability ${
                    order.payment.three_d_secure.liability_shifted ? 'shifted' : 'not shifted'
                  }`
                : 'Not recorded'}
            </dd>
            <dt>Transaction</dt>
            <dd>{order.payment.transaction_id ?? 'None'}</dd>
            <dt>Charged</dt>
            <dd>{order.payment.charged.label}</dd>
            <dt>Store credit</dt>
            <dd>{order.payment.credit_used.label}</dd>
            <dt>Refunded</dt>
            <dd>{order.payment.refunded.label}</dd>
            <dt>Refundable</dt>
            <dd>{order.payment.refundable.label}</dd>
          </dl>
        </section>

        <section className="order-section order-section--wide" aria-labelledby="order-lines">
          <h2 id="order-lines">Items</h2>
          <div className="orders-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">SKU</th>
                  <th scope="col" className="number">
                    Ordered
                  </th>
                  <th scope="col" className="number">
                    Sent
                  </th>
                  <th scope="col" className="number">
                    Refunded
                  </th>
                  <th scope="col" className="number">
                    Price
                  </th>
                  <th scope="col" className="number">
                    Line total
                  </th>
                </tr>
              </thead>
              <tbody>
                {order.lines.map((line) => (
                  <tr key={line.order_item_id}>
                    <th scope="row">
                      {line.name}
                      {line.is_promotion_item ? ' (free gift)' : ''}
                      {line.preorder_quantity > 0 ? ` (pre-order: ${line.preorder_quantity})` : ''}
                    </th>
                    <td>{line.sku}</td>
                    <td className="number">{line.quantity}</td>
                    <td className="number">{line.dispatched}</td>
                    <td className="number">{line.refunded}</td>
                    <td className="number">{line.unit_price.label}</td>
                    <td className="number">{line.total_price.label}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>

        <DispatchPanel order={order} onChange={onChange} />

        <section className="order-section" aria-labelledby="order-shipments">
          <h2 id="order-shipments">Shipments</h2>
          {order.shipments.length === 0 ? <p>Nothing sent yet.</p> : null}
          {order.shipments.map((shipment) => (
            <article key={shipment.id} aria-label={`Shipment ${shipment.id}`}>
              <p>
                <strong>{shipment.carrier_name}</strong>{' '}
                {shipment.tracking_url ? (
                  <a href={shipment.tracking_url} target="_blank" rel="noreferrer noopener">
                    {shipment.tracking_number}
                    <span className="visually-hidden"> (opens the carrier’s tracking page)</span>
                  </a>
                ) : (
                  shipment.tracking_number || 'No tracking number'
                )}
                <span className="order-timeline__meta">
                  {formatWhen(shipment.date)} by {who(shipment.staff)}
                </span>
              </p>
              <ul>
                {shipment.items.map((item) => (
                  <li key={item.order_item_id}>
                    {item.quantity} × {item.name}
                  </li>
                ))}
              </ul>
              {shipment.history.length > 0 ? (
                <details>
                  <summary>Tracking corrections ({shipment.history.length})</summary>
                  <ul>
                    {shipment.history.map((h, i) => (
                      <li key={i}>
                        Was {h.carrier} {h.tracking_number || '(none)'}, changed{' '}
                        {formatWhen(h.date)} by {who(h.staff)}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </article>
          ))}
        </section>

        <OrderReturns orderNumber={order.order_number} />

        <RefundPanel order={order} onChange={onChange} />

        {order.customer && <CreditGrant customer={order.customer} />}

        <OrderRefunds order={order} onChange={onChange} lineName={lineName} />

        <section className="order-section order-section--wide" aria-labelledby="order-timeline">
          <h2 id="order-timeline">Timeline</h2>
          <ol className="order-timeline">
            {order.timeline.map((entry, i) => (
              <li key={i}>
                {entry.summary}
                <span className="order-timeline__meta">
                  {formatWhen(entry.date)} · {who(entry.staff)}
                </span>
              </li>
            ))}
          </ol>
          <NoteForm order={order} onChange={onChange} />
        </section>
      </div>
    </section>
  );
}

interface ChangeProps {
  order: AdminOrderView;
  onChange: (order: AdminOrderView) => void;
}

/**
 * The order's refunds: each with its credit note, or "Pending" with the check with the
 * payment provider (ADR 081), whose outcome shows above the list.
 */
function OrderRefunds({
  order,
  onChange,
  lineName,
}: ChangeProps & { lineName: ReadonlyMap<number, string> }) {
  const [checked, setChecked] = useState<PendingRefundCheckView | null>(null);
  return (
    <section className="order-section" aria-labelledby="order-refunds">
      <h2 id="order-refunds">Refunds</h2>
      {checked ? <Notice tone={CHECK_TONE[checked.outcome]}>{checked.message}</Notice> : null}
      {order.refunds.length === 0 ? <p>No refunds.</p> : null}
      {order.refunds.map((refund) => (
        <article
          key={refund.id}
          aria-label={
            refund.state === 'pending'
              ? `Pending refund of ${refund.amount.label}`
              : `Credit note ${refund.credit_note_number}`
          }
        >
          <p>
            <strong>{refund.credit_note_number}</strong>: {refund.amount.label}{' '}
            {refund.to === 'credit'
              ? 'as store credit'
              : refund.gateway_kind === 'void'
                ? 'to the payment (voided)'
                : 'to the payment'}
            {refund.restock ? ', restocked' : ''}
            <span className="order-timeline__meta">
              {formatWhen(refund.date)} by {who(refund.staff)}
            </span>
          </p>
          <p>Reason: {refund.reason}</p>
          {refund.state === 'pending' ? (
            <PendingRefundCheck
              orderNumber={order.order_number}
              refund={refund}
              onChecked={(result) => {
                setChecked(result);
                onChange(result.order);
              }}
            />
          ) : null}
          {/^CN-\d+$/.test(refund.credit_note_number) && (
            <p>
              <a
                href={`/api/v1/admin/orders/${encodeURIComponent(order.order_number)}/credit-notes/${refund.credit_note_number}`}
                target="_blank"
                rel="noopener"
              >
                Credit note {refund.credit_note_number} (PDF)
              </a>
            </p>
          )}
          {refund.items.length > 0 ? (
            <ul>
              {refund.items.map((item) => (
                <li key={item.order_item_id}>
                  {item.quantity} × {lineName.get(item.order_item_id) ?? 'Item'}
                </li>
              ))}
            </ul>
          ) : null}
        </article>
      ))}
    </section>
  );
}

/** The note form (orders.note): plain text, shown as typed. */
function NoteForm({ order, onChange }: ChangeProps) {
  const allowed = useCan('orders.note');
  const [note, setNote] = useState('');
  const save = useMutation({
    mutationFn: (text: string) => orderWrite(order.order_number, 'notes', { note: text }),
    onSuccess: (next) => {
      setNote('');
      onChange(next);
    },
  });
  if (!allowed) return null;
  const fieldError = save.error instanceof ApiError ? save.error.errors?.note?.[0] : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(note);
  };
  return (
    <form className="order-note field" onSubmit={submit} noValidate>
      <label htmlFor="order-note" className="field__label">
        Add a note
      </label>
      <textarea
        id="order-note"
        value={note}
        maxLength={ORDER_NOTE_MAX}
        onChange={(event) => setNote(event.target.value)}
        aria-invalid={fieldError ? true : undefined}
        aria-describedby={fieldError ? 'order-note-error' : undefined}
      />
      {fieldError ? (
        <p id="order-note-error" className="field__error">
          {fieldError}
        </p>
      ) : null}
      {save.isError && !fieldError ? <Notice tone="error">{save.error.message}</Notice> : null}
      {save.isSuccess ? <Notice tone="success">Note added.</Notice> : null}
      <Button type="submit" busy={save.isPending} busyLabel="Saving note">
        Add note
      </Button>
    </form>
  );
}

/** Resend the confirmation (emails.resend) and cancel a pre-order (orders.cancel_preorder). */
function OrderActions({ order, onChange }: ChangeProps) {
  const mayResend = useCan('emails.resend');
  const mayCancel = useCan('orders.cancel_preorder');
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const resend = useMutation({
    mutationFn: () => orderWrite(order.order_number, 'emails', { kind: 'confirmation' }),
    onSuccess: onChange,
  });
  const cancel = useMutation({
    mutationFn: (why: string) => orderWrite(order.order_number, 'cancel', { reason: why }),
    onSuccess: (next) => {
      setConfirming(false);
      onChange(next);
    },
  });
  const paid = ['paid', 'partially_dispatched', 'dispatched', 'refunded', 'partially_refunded'];
  const cancellable = orderCancellability(order).cancellable;
  const reasonError =
    cancel.error instanceof ApiError ? cancel.error.errors?.reason?.[0] : undefined;

  return (
    <div>
      <div className="order-actions">
        {mayResend && paid.includes(order.status) ? (
          <Button
            variant="secondary"
            onClick={() => resend.mutate()}
            busy={resend.isPending}
            busyLabel="Sending"
          >
            Resend confirmation
          </Button>
        ) : null}
        {mayCancel && cancellable ? (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Cancel pre-order
          </Button>
        ) : null}
      </div>
      {resend.isSuccess ? (
        <Notice tone="success">Confirmation sent again to {order.email_address}.</Notice>
      ) : null}
      {resend.isError ? <Notice tone="error">{resend.error.message}</Notice> : null}
      {cancel.isSuccess ? <Notice tone="success">The pre-order is cancelled.</Notice> : null}
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Cancel this pre-order?"
        narrow
      >
        <form
          onSubmit={(event) => {
            event.preventDefault();
            cancel.mutate(reason);
          }}
          noValidate
        >
          <p>
            The payment is given back, the stock returned and the customer emailed. This cannot be
            undone.
          </p>
          <div className={`field${reasonError ? ' field--error' : ''}`}>
            <label htmlFor="cancel-reason" className="field__label">
              Reason
            </label>
            <textarea
              id="cancel-reason"
              value={reason}
              maxLength={500}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? 'cancel-reason-error' : undefined}
            />
            {reasonError ? (
              <p id="cancel-reason-error" className="field__error">
                {reasonError}
              </p>
            ) : null}
          </div>
          {cancel.isError && !reasonError ? (
            <Notice tone="error">{cancel.error.message}</Notice>
          ) : null}
          <div className="order-actions">
            <Button type="submit" busy={cancel.isPending} busyLabel="Cancelling">
              Cancel pre-order
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Keep the order
            </Button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
