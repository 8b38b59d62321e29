/**
 * Refunding an order from its page (ADR 051): per line how many units, the delivery
 * charge (until refunded), a goodwill amount in pounds, the reason, whether the items go
 * back in stock, and where the money goes — the original payment or store credit (not for
 * a guest's order; support: store credit only, up to its limit). The total is worked out
 * as staff type (the same arithmetic as the server's) and confirmed in a dialog before
 * anything is sent; the API's refusals are shown as it words them.
 */
import { useId, useState, type FormEvent } from 'react';
import type { AdminOrderView } from '../../../domain/api/admin-orders.ts';
import { formatPence, pence } from '../../../domain/money.ts';
import {
  planRefund,
  poundsToPence,
  refundDestinationLabel,
  REFUND_REASON_MAX,
  type RefundDestination,
  type RefundPlanResult,
} from '../../../domain/refunds.ts';
import { REFUND_LIMITS } from '../../../domain/staff.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Notice } from '../../ui/notice.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { adminApi, ApiError } from '../lib/admin-api.ts';
import { useCan, useStaff } from '../lib/session.ts';
import './refund-panel.css';

export interface RefundPanelProps {
  order: AdminOrderView;
  onChange: (order: AdminOrderView) => void;
}

/** Shown only to staff who may refund. */
export function RefundPanel(props: RefundPanelProps) {
  const allowed = useCan('orders.refund');
  if (!allowed) return null;
  return <RefundForm {...props} />;
}

const money = (amount: number) => formatPence(pence(amount));

interface Failure {
  message: string;
  detail?: string | undefined;
  fields: string[];
}

function RefundForm({ order, onChange }: RefundPanelProps) {
  const staff = useStaff();
  const headingId = useId();
  const limit = REFUND_LIMITS[staff.role];
  const guest = order.customer === null;
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [delivery, setDelivery] = useState(false);
  const [goodwill, setGoodwill] = useState('');
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState(false);
  const [to, setTo] = useState<RefundDestination>(limit ? limit.to : 'payment');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const deliveryPrice = order.prices.delivery;
  const deliveryRefunded = order.refunds.some((r) => r.delivery_amount > 0);
  const refundableLines = order.lines.filter((line) => line.quantity > line.refunded);

  const quantityOf = (id: number) => {
    const text = quantities[id] ?? '';
    if (text.trim() === '') return 0;
    return /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  };
  const goodwillPence = poundsToPence(goodwill);
  const items = refundableLines
    .map((line) => ({
      order_item_id: line.order_item_id,
      quantity: quantityOf(line.order_item_id),
    }))
    .filter((item) => item.quantity !== 0);

  const plan: RefundPlanResult | null =
    goodwillPence === null || items.some((item) => !Number.isInteger(item.quantity))
      ? null
      : planRefund(
          {
            lines: order.lines.map((line) => ({
              order_item_id: line.order_item_id,
              quantity: line.quantity,
              refunded: line.refunded,
              total_price: line.total_price.amount,
              tax_rate_bp: line.tax_rate_bp,
            })),
            delivery: { amount: deliveryPrice.amount, tax: deliveryPrice.tax.amount },
            deliveryRefunded,
            paidInAll: order.payment.charged.amount + order.payment.credit_used.amount,
            refunded: order.payment.refunded.amount,
          },
          { items, delivery, goodwill: goodwillPence },
        );
  const total = plan?.ok ? plan.plan.amount : 0;
  const where = refundDestinationLabel(to, order.payment.type);

  function check(): Record<string, string> {
    const found: Record<string, string> = {};
    for (const line of refundableLines) {
      const q = quantityOf(line.order_item_id);
      const left = line.quantity - line.refunded;
      if (!Number.isInteger(q) || q < 0 || q > left) {
        found[`line-${line.order_item_id}`] = `Please give a whole number from 0 to ${left}`;
      }
    }
    if (goodwillPence === null) {
      found.amount = 'Please give an amount in pounds and pence, e.g. 5 or 12.50';
    }
    if (reason.trim() === '') found.reason = 'Please say why';
    else if (reason.length > REFUND_REASON_MAX)
      found.reason = `Please keep the reason to ${REFUND_REASON_MAX} characters`;
    else if (/[<>]/.test(reason)) found.reason = 'Please leave out < and >';
    if (Object.keys(found).length === 0 && plan && !plan.ok) {
      found.summary =
        plan.kind === 'exceeds'
          ? plan.message
          : 'Choose lines, the delivery charge or an amount to refund';
    }
    if (Object.keys(found).length === 0 && limit && total > limit.max) {
      found.summary = `Your role can refund at most ${money(limit.max)} at once. Ask a manager for a larger refund.`;
    }
    return found;
  }

  function review(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    setFailure(null);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found)[0]!;
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    setConfirming(true);
  }

  const fieldId = (key: string) => `${headingId}-${key}`;

  async function send() {
    setBusy(true);
    try {
      const reply = await adminApi<{ order: AdminOrderView }>(
        'POST',
        `/orders/${encodeURIComponent(order.order_number)}/refunds`,
        {
          items: items.filter((item) => item.quantity > 0),
          delivery,
          amount: goodwillPence ?? 0,
          reason: reason.trim(),
          restock,
          to,
        },
      );
      const latest = reply.order.refunds.at(-1);
      setConfirming(false);
      setQuantities({});
      setDelivery(false);
      setGoodwill('');
      setReason('');
      setRestock(false);
      setErrors({});
      setDone(
        `Refunded ${money(total)} ${where}${latest ? ` — credit note ${latest.credit_note_number}` : ''}.`,
      );
      onChange(reply.order);
    } catch (error) {
      setConfirming(false);
      if (error instanceof ApiError) {
        setFailure({
          message: error.message,
          detail: error.detail,
          fields: Object.values(error.errors ?? {}).flat(),
        });
      } else {
        setFailure({ message: 'The refund could not be sent. Please try again.', fields: [] });
      }
    } finally {
      setBusy(false);
    }
  }

  if (refundableLines.length === 0 && order.payment.refundable.amount === 0) {
    return (
      <section className="refund-panel" aria-labelledby={headingId}>
        <h2 id={headingId}>Refund</h2>
        <p>Everything paid for this order has been refunded.</p>
        {done && <Notice tone="success">{done}</Notice>}
      </section>
    );
  }

  return (
    <section className="refund-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Refund</h2>
      <p className="refund-panel__left">
        Left to refund: <strong>{order.payment.refundable.label}</strong>
      </p>
      <form noValidate onSubmit={review}>
        {refundableLines.length > 0 && (
          <table className="admin-table refund-panel__lines">
            <caption className="visually-hidden">Lines to refund</caption>
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Paid</th>
                <th scope="col">Refundable units</th>
                <th scope="col">Units to refund</th>
              </tr>
            </thead>
            <tbody>
              {refundableLines.map((line) => {
                const left = line.quantity - line.refunded;
                const key = `line-${line.order_item_id}`;
                return (
                  <tr key={line.order_item_id}>
                    <th scope="row">
                      {line.name} <span className="refund-panel__sku">{line.sku}</span>
                    </th>
                    <td>{line.total_price.label}</td>
                    <td>{left}</td>
                    <td>
                      <Field
                        id={fieldId(key)}
                        label={`Units of ${line.name} to refund`}
                        hideLabel
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={left}
                        step={1}
                        value={quantities[line.order_item_id] ?? ''}
                        placeholder="0"
                        error={errors[key]}
                        onChange={(event) =>
                          setQuantities({
                            ...quantities,
                            [line.order_item_id]: event.target.value,
                          })
                        }
                      />
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
        {!deliveryRefunded && deliveryPrice.amount > 0 && (
          <label className="refund-panel__check">
            <input
              type="checkbox"
              checked={delivery}
              onChange={(event) => setDelivery(event.target.checked)}
            />{' '}
            Refund delivery ({deliveryPrice.label})
          </label>
        )}
        <Field
          id={fieldId('amount')}
          label="Goodwill amount (£)"
          hint="Optional: an amount on top of any lines, in pounds, e.g. 5 or 12.50"
          inputMode="decimal"
          value={goodwill}
          error={errors.amount}
          onChange={(event) => setGoodwill(event.target.value)}
        />
        <Field
          id={fieldId('reason')}
          label="Reason"
          hint="Shown on the order's timeline and in the audit trail"
          maxLength={REFUND_REASON_MAX}
          value={reason}
          error={errors.reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <label className="refund-panel__check">
          <input
            type="checkbox"
            checked={restock}
            onChange={(event) => setRestock(event.target.checked)}
          />{' '}
          Put items back in stock
        </label>
        <RadioGroup<RefundDestination>
          legend="Refund to"
          name={`${headingId}-to`}
          value={to}
          onChange={setTo}
          options={[
            {
              value: 'payment',
              label: 'Original payment',
              description: limit ? 'Your role refunds as store credit only.' : order.payment.label,
              disabled: Boolean(limit),
            },
            {
              value: 'credit',
              label: 'Store credit',
              description: guest
                ? 'This order was placed without an account.'
                : limit
                  ? `Up to ${money(limit.max)} a refund.`
                  : 'Added to the customer’s account balance.',
              disabled: guest,
            },
          ]}
        />
        <p className="refund-panel__total" aria-live="polite">
          {plan?.ok ? (
            <>
              Refund total: <strong>{money(total)}</strong> {where}
            </>
          ) : (
            'Refund total: nothing chosen yet'
          )}
        </p>
        {errors.summary && (
          <p id={fieldId('summary')} className="field__error" tabIndex={-1}>
            {errors.summary}
          </p>
        )}
        <Button type="submit" disabled={limit !== undefined && guest}>
          Review refund
        </Button>
      </form>
      <div aria-live="polite">{done && <Notice tone="success">{done}</Notice>}</div>
      {failure && (
        <Notice tone="error">
          <p>{failure.message}</p>
          {failure.detail && <p>{failure.detail}</p>}
          {failure.fields.length > 0 && (
            <ul>
              {failure.fields.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </Notice>
      )}
      <Modal
        open={confirming}
        onClose={() => !busy && setConfirming(false)}
        title="Confirm the refund"
        narrow
      >
        <p>
          Refund <strong>{money(total)}</strong> {where} for order {order.order_number}?
        </p>
        {plan?.ok && (
          <ul>
            {plan.plan.items.map((item) => {
              const line = order.lines.find((l) => l.order_item_id === item.order_item_id);
              return (
                <li key={item.order_item_id}>
                  {item.quantity} × {line?.name}: {money(item.amount)}
                </li>
              );
            })}
            {plan.plan.deliveryAmount > 0 && <li>Delivery: {money(plan.plan.deliveryAmount)}</li>}
            {plan.plan.goodwillAmount > 0 && <li>Goodwill: {money(plan.plan.goodwillAmount)}</li>}
          </ul>
        )}
        {restock && <p>The items go back in stock.</p>}
        <div className="refund-panel__actions">
          <Button onClick={send} busy={busy} busyLabel="Refunding">
            Refund {money(total)}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={busy}>
            Cancel
          </Button>
        </div>
      </Modal>
    </section>
  );
}
