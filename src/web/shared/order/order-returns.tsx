/**
 * The returns part of an order page (ADR 070), on the account's order page and the
 * order-tracking page once something has been sent: the order's returns with their
 * status, and 'Return items' while some lines may still be returned — choose lines,
 * how many and why, confirm, then see the return number and how to send the parcel.
 */
import { useState, type FormEvent } from 'react';
import type { OrderView } from '../../../domain/api/order.ts';
import type { OrderReturnsView, ReturnView } from '../../../domain/api/returns.ts';
import { formatShopDate } from '../../../domain/dates.ts';
import { INTERNAL_ERROR_MESSAGE } from '../../../domain/shopper-message.ts';
import { useOrderReturns, useStartReturn } from '../../api/returns.ts';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { OrderSection } from './order-parts.tsx';
import './order-returns.css';

export function OrderReturns({ order }: { order: OrderView }) {
  const sent = (order.shipments ?? []).length > 0;
  const returns = useOrderReturns(order.public_id, sent);
  const [started, setStarted] = useState<ReturnView | null>(null);
  const [open, setOpen] = useState(false);
  if (!sent || !returns.data) return null;
  const view = returns.data;
  if (view.returns.length === 0 && view.returnable.length === 0 && !started) return null;

  return (
    <OrderSection title="Returns">
      {started && <ReturnStarted started={started} view={view} email={order.email_address} />}
      {view.returns.length > 0 && <ReturnList returns={view.returns} />}
      {view.returnable.length > 0 &&
        (open ? (
          <ReturnForm
            publicId={order.public_id}
            view={view}
            onCancel={() => setOpen(false)}
            onStarted={(value) => {
              setStarted(value);
              setOpen(false);
            }}
          />
        ) : (
          <>
            <p>You can start a return until {formatShopDate(latest(view))}.</p>
            <Button variant="secondary" onClick={() => setOpen(true)}>
              Return items
            </Button>
          </>
        ))}
    </OrderSection>
  );
}

const latest = (view: OrderReturnsView) =>
  view.returnable.map((line) => line.return_by).sort()[view.returnable.length - 1]!;

function ReturnList({ returns }: { returns: ReturnView[] }) {
  return (
    <ul className="order-returns">
      {returns.map((item) => (
        <li key={item.return_number} className="order-return">
          <p>
            <strong>Return {item.return_number}</strong>: {item.status_label}
          </p>
          <ul>
            {item.items.map((line) => (
              <li key={line.order_item_id}>
                {line.quantity} × {line.name}
              </li>
            ))}
          </ul>
          {item.refusal_reason && <p>We could not accept it: {item.refusal_reason}</p>}
        </li>
      ))}
    </ul>
  );
}

function ReturnStarted({
  started,
  view,
  email,
}: {
  started: ReturnView;
  view: OrderReturnsView;
  email: string;
}) {
  const { address, send_back_days, refund_days } = view.instructions;
  return (
    <Notice tone="success">
      <p>
        <strong>Return {started.return_number} started.</strong> We have emailed these instructions
        to {email}.
      </p>
      <p>
        Write {started.return_number} on a note inside the parcel and send it within{' '}
        {send_back_days} days to:
      </p>
      <address>
        {address.map((line) => (
          <span key={line} className="order-return__address-line">
            {line}
          </span>
        ))}
      </address>
      <p>We will refund you within {refund_days} days of receiving the items.</p>
    </Notice>
  );
}

function ReturnForm({
  publicId,
  view,
  onCancel,
  onStarted,
}: {
  publicId: string;
  view: OrderReturnsView;
  onCancel: () => void;
  onStarted: (started: ReturnView) => void;
}) {
  const start = useStartReturn(publicId);
  const [chosen, setChosen] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ items?: string; reason?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const items = Object.entries(chosen)
      .filter(([, quantity]) => quantity > 0)
      .map(([id, quantity]) => ({ order_item_id: Number(id), quantity }));
    const found = {
      ...(items.length === 0 ? { items: 'Please choose what to return' } : {}),
      ...(reason === '' ? { reason: 'Please tell us why you are returning it' } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    start.mutate({ items, reason }, { onSuccess: onStarted });
  };

  return (
    <form className="order-return-form" onSubmit={submit} noValidate>
      <fieldset aria-describedby={errors.items ? 'return-items-error' : undefined}>
        <legend>What would you like to return?</legend>
        {errors.items && (
          <p id="return-items-error" className="field__error">
            {errors.items}
          </p>
        )}
        {view.returnable.map((line) => {
          const quantity = chosen[line.order_item_id] ?? 0;
          return (
            <div key={line.order_item_id} className="order-return-form__line">
              <label>
                <input
                  type="checkbox"
                  checked={quantity > 0}
                  onChange={(event) =>
                    setChosen({ ...chosen, [line.order_item_id]: event.target.checked ? 1 : 0 })
                  }
                />{' '}
                {line.name} (return by {formatShopDate(line.return_by)})
              </label>
              {quantity > 0 && line.quantity > 1 && (
                <SelectField
                  label={`How many ${line.name}`}
                  value={String(quantity)}
                  onChange={(event) =>
                    setChosen({ ...chosen, [line.order_item_id]: Number(event.target.value) })
                  }
                  options={Array.from({ length: line.quantity }, (_, i) => ({
                    value: String(i + 1),
                    label: String(i + 1),
                  }))}
                />
              )}
            </div>
          );
        })}
      </fieldset>
      <SelectField
        label="Why are you returning it?"
        placeholder="Choose a reason"
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        options={view.reasons.map((r) => ({ value: r.code, label: r.label }))}
        error={errors.reason}
      />
      {start.error && <Notice tone="error">{start.error.message || INTERNAL_ERROR_MESSAGE}</Notice>}
      <div className="order-return-form__actions">
        <Button type="submit" busy={start.isPending} busyLabel="Starting your return">
          Confirm return
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={start.isPending}>
          Keep everything
        </Button>
      </div>
    </form>
  );
}
