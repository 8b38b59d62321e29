/**
 * The order page's dispatch part (ADR 050): what is still to send, line by line, with a
 * quantity for this parcel (all that is left by default; 0 leaves a line out), the
 * carrier and tracking number, and "Dispatch"; then each parcel sent, with its tracking
 * link and a "Correct tracking" form. The API's refusals show beside the field they
 * name, and its message above the button; a dispatch is announced. Shown only to staff
 * who may dispatch.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { AdminOrderView, ShipmentView } from '../../../domain/api/admin-orders.ts';
import { CARRIER_NAMES, CARRIERS, type Carrier } from '../../../domain/carriers.ts';
import { formatShopDate } from '../../../domain/dates.ts';
import type { FieldErrors } from '../../../domain/shopper-message.ts';
import { TRACKING_NUMBER_MAX } from '../../../domain/schemas/shipment.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { adminApi, ApiError } from '../lib/admin-api.ts';
import { useCan } from '../lib/session.ts';
import './dispatch.css';

interface Props {
  order: AdminOrderView;
  onChange: (order: AdminOrderView) => void;
}

const CARRIER_OPTIONS = CARRIERS.map((carrier) => ({
  value: carrier,
  label: CARRIER_NAMES[carrier],
}));

const TRACKING_HINT = 'Letters, digits, spaces and dashes. Optional for other carriers.';

/** The order's packing slip page. */
export const packingSlipPath = (orderNumber: string) =>
  `/admin/orders/${encodeURIComponent(orderNumber)}/packing-slip`;

/** Units of a line still to send. */
const remainingOf = (line: AdminOrderView['lines'][number]) =>
  Math.max(0, line.quantity - line.refunded - line.dispatched);

function errorsOf(error: unknown): { message: string | null; fields: FieldErrors } {
  if (!error) return { message: null, fields: {} };
  if (error instanceof ApiError) return { message: error.message, fields: error.errors ?? {} };
  return { message: 'Something went wrong. Please try again.', fields: {} };
}

export function DispatchPanel({ order, onChange }: Props) {
  const allowed = useCan('orders.dispatch');
  const headingId = useId();
  const [announcement, setAnnouncement] = useState('');
  if (!allowed) return null;
  const changed = (next: AdminOrderView, message: string) => {
    setAnnouncement(message);
    onChange(next);
  };
  const toSend = order.lines.filter((line) => remainingOf(line) > 0);
  return (
    <section className="dispatch-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Dispatch</h2>
      <p>
        <Link to={packingSlipPath(order.order_number)}>Print the packing slip</Link>
      </p>
      <div role="status" className="dispatch-panel__status">
        {announcement}
      </div>
      {toSend.length === 0 ? (
        <p>
          Everything in this order has been sent
          {order.lines.some((l) => l.refunded) ? ' or refunded' : ''}.
        </p>
      ) : (
        <DispatchForm
          // A fresh form (quantities, fields) after each parcel.
          key={order.shipments.length}
          order={order}
          onDispatched={(next) => changed(next, 'Dispatched')}
        />
      )}
      {order.shipments.length > 0 && (
        <>
          <h3>Parcels sent</h3>
          <ol className="dispatch-panel__shipments">
            {order.shipments.map((shipment) => (
              <li key={shipment.id}>
                <ShipmentSummary shipment={shipment} />
                <CorrectTracking
                  key={`${shipment.carrier}|${shipment.tracking_number}`}
                  orderNumber={order.order_number}
                  shipment={shipment}
                  onCorrected={(next) => changed(next, 'Tracking corrected')}
                />
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

function DispatchForm({
  order,
  onDispatched,
}: {
  order: AdminOrderView;
  onDispatched: (order: AdminOrderView) => void;
}) {
  const lines = order.lines.filter((line) => remainingOf(line) > 0);
  const [quantities, setQuantities] = useState<Record<number, string>>(() =>
    Object.fromEntries(lines.map((line) => [line.order_item_id, String(remainingOf(line))])),
  );
  const [carrier, setCarrier] = useState<Carrier>('royal_mail');
  const [tracking, setTracking] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  // Which line each submitted item was, to put the API's `items.N…` errors beside it.
  const [sentIds, setSentIds] = useState<number[]>([]);
  const dispatch = useMutation({
    mutationFn: (body: unknown) =>
      adminApi<{ order: AdminOrderView }>(
        'POST',
        `/orders/${encodeURIComponent(order.order_number)}/shipments`,
        body,
      ),
    onSuccess: (reply) => onDispatched(reply.order),
  });
  const { message, fields } = errorsOf(dispatch.error);
  const lineError = (orderItemId: number) => {
    const index = sentIds.indexOf(orderItemId);
    if (index < 0) return undefined;
    return (fields[`items.${index}.quantity`] ?? fields[`items.${index}.order_item_id`])?.[0];
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const items = lines
      .map((line) => ({
        order_item_id: line.order_item_id,
        quantity: Number(quantities[line.order_item_id] ?? 0),
      }))
      .filter((item) => item.quantity !== 0);
    if (items.length === 0) {
      setLocalError('Please enter how many of at least one item go in this parcel.');
      return;
    }
    setLocalError(null);
    setSentIds(items.map((item) => item.order_item_id));
    dispatch.mutate({ items, carrier, tracking_number: tracking });
  };

  return (
    <form className="dispatch-form" aria-label="New parcel" onSubmit={submit} noValidate>
      <table className="admin-table">
        <caption className="visually-hidden">Items still to send</caption>
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
              Left to send
            </th>
            <th scope="col">In this parcel</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.order_item_id}>
              <th scope="row">
                {line.name}
                {line.is_promotion_item && <span className="badge badge--accent">Free gift</span>}
                {line.preorder_quantity > 0 && (
                  <span className="badge badge--warning">Pre-order</span>
                )}
              </th>
              <td>{line.sku}</td>
              <td className="number">{line.quantity}</td>
              <td className="number">{line.dispatched}</td>
              <td className="number">{remainingOf(line)}</td>
              <td>
                <Field
                  label={`Quantity of ${line.name} in this parcel`}
                  hideLabel
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={remainingOf(line)}
                  step={1}
                  className="dispatch-form__quantity"
                  value={quantities[line.order_item_id] ?? ''}
                  onChange={(event) =>
                    setQuantities((now) => ({
                      ...now,
                      [line.order_item_id]: event.target.value,
                    }))
                  }
                  error={lineError(line.order_item_id)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="admin-toolbar">
        <SelectField
          label="Carrier"
          options={CARRIER_OPTIONS}
          value={carrier}
          onChange={(event) => setCarrier(event.target.value as Carrier)}
          error={fields.carrier?.[0]}
        />
        <Field
          label="Tracking number"
          hint={TRACKING_HINT}
          value={tracking}
          maxLength={TRACKING_NUMBER_MAX}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setTracking(event.target.value)}
          error={fields.tracking_number?.[0]}
        />
      </div>
      {(localError ?? fields.items?.[0]) && (
        <Notice tone="error">{localError ?? fields.items?.[0]}</Notice>
      )}
      {message && !localError && <Notice tone="error">{message}</Notice>}
      <Button type="submit" busy={dispatch.isPending} busyLabel="Dispatching">
        Dispatch
      </Button>
    </form>
  );
}

function ShipmentSummary({ shipment }: { shipment: ShipmentView }) {
  return (
    <div className="dispatch-shipment">
      <p>
        <strong>{formatShopDate(shipment.date)}</strong> · {shipment.carrier_name}
        {shipment.tracking_number && (
          <>
            {' '}
            ·{' '}
            {shipment.tracking_url ? (
              <a href={shipment.tracking_url} target="_blank" rel="noopener noreferrer">
                {shipment.tracking_number}
                <span className="visually-hidden"> (opens the carrier’s tracking page)</span>
              </a>
            ) : (
              shipment.tracking_number
            )}
          </>
        )}
        {shipment.staff && <> · by {shipment.staff.name}</>}
      </p>
      <ul>
        {shipment.items.map((item) => (
          <li key={item.order_item_id}>
            {item.quantity} × {item.name}
          </li>
        ))}
      </ul>
      {shipment.history.length > 0 && (
        <p className="dispatch-shipment__history">
          Earlier:{' '}
          {shipment.history
            .map(
              (h) =>
                `${h.carrier} ${h.tracking_number || '(none)'} until ${formatShopDate(h.date)}`,
            )
            .join('; ')}
        </p>
      )}
    </div>
  );
}

function CorrectTracking({
  orderNumber,
  shipment,
  onCorrected,
}: {
  orderNumber: string;
  shipment: ShipmentView;
  onCorrected: (order: AdminOrderView) => void;
}) {
  const [carrier, setCarrier] = useState<Carrier>(shipment.carrier);
  const [tracking, setTracking] = useState(shipment.tracking_number);
  const correct = useMutation({
    mutationFn: (body: unknown) =>
      adminApi<{ order: AdminOrderView }>(
        'PATCH',
        `/orders/${encodeURIComponent(orderNumber)}/shipments/${shipment.id}`,
        body,
      ),
    onSuccess: (reply) => onCorrected(reply.order),
  });
  const { message, fields } = errorsOf(correct.error);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    correct.mutate({ carrier, tracking_number: tracking });
  };
  return (
    <details className="dispatch-correct">
      <summary>Correct tracking</summary>
      <form
        onSubmit={submit}
        noValidate
        className="admin-toolbar"
        aria-label={`Correct tracking of the ${shipment.carrier_name} parcel`}
      >
        <SelectField
          label="Carrier"
          options={CARRIER_OPTIONS}
          value={carrier}
          onChange={(event) => setCarrier(event.target.value as Carrier)}
          error={fields.carrier?.[0]}
        />
        <Field
          label="Tracking number"
          hint={TRACKING_HINT}
          value={tracking}
          maxLength={TRACKING_NUMBER_MAX}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setTracking(event.target.value)}
          error={fields.tracking_number?.[0]}
        />
        <Button type="submit" variant="secondary" busy={correct.isPending} busyLabel="Saving">
          Save correction
        </Button>
      </form>
      {message && <Notice tone="error">{message}</Notice>}
    </details>
  );
}
