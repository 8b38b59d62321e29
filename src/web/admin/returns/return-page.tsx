/**
 * /admin/returns/{return_number} (ADR 070): the return — its order, customer, lines,
 * reason, status and refund — and what staff do next: mark it received, refund it
 * (to the payment or as store credit, back in stock unless unticked; needs
 * orders.refund) or refuse it with a reason that is emailed to the customer.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminReturnView } from '../../../domain/api/returns.ts';
import { formatPence, pence } from '../../../domain/money.ts';
import { RETURN_REFUSAL_MAX } from '../../../domain/returns.ts';
import { REFUND_LIMITS } from '../../../domain/staff.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { RadioGroup } from '../../ui/radio-group.tsx';
import { ApiError } from '../lib/admin-api.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { useCan, useStaff } from '../lib/session.ts';
import { formatWhen } from '../orders/format.ts';
import { fetchReturn, returnKey, returnWrite } from './returns-api.ts';
import '../orders/orders.css';
import './returns.css';

export function ReturnPage() {
  const { returnNumber = '' } = useParams();
  usePageTitle(`Return ${returnNumber}`);
  const found = useQuery({
    queryKey: returnKey(returnNumber),
    queryFn: () => fetchReturn(returnNumber),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });
  if (found.isPending) return <p role="status">Loading return {returnNumber}…</p>;
  if (found.isError) {
    const notFound = found.error instanceof ApiError && found.error.status === 404;
    return (
      <section className="admin-page">
        <h1>Return {returnNumber}</h1>
        <Notice tone="error">
          {notFound ? 'There is no return with this number.' : found.error.message}
        </Notice>
        <p>
          <Link to="/admin/returns">Back to returns</Link>
        </p>
      </section>
    );
  }
  return <ReturnView value={found.data} />;
}

/** The return's page from its data (tests render it from a fixture). */
export function ReturnView({ value }: { value: AdminReturnView }) {
  const client = useQueryClient();
  const onChange = (next: AdminReturnView) => {
    client.setQueryData(returnKey(next.return_number), next);
    void client.invalidateQueries({ queryKey: ['admin', 'returns'] });
    void client.invalidateQueries({ queryKey: ['admin', 'order', next.order_number] });
  };
  return (
    <section className="admin-page" aria-labelledby="return-title">
      <p>
        <Link to="/admin/returns">Back to returns</Link>
      </p>
      <h1 id="return-title" tabIndex={-1}>
        Return {value.return_number}
      </h1>
      <dl className="order-facts">
        <div>
          <dt>Order</dt>
          <dd>
            <Link to={`/admin/orders/${value.order_number}`}>{value.order_number}</Link>
          </dd>
        </div>
        <div>
          <dt>Customer</dt>
          <dd>{value.email_address}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`return-badge return-badge--${value.status}`}>
              {value.status_label}
            </span>
          </dd>
        </div>
        <div>
          <dt>Started</dt>
          <dd>{formatWhen(value.created_at)}</dd>
        </div>
        {value.received_at && (
          <div>
            <dt>Received</dt>
            <dd>{formatWhen(value.received_at)}</dd>
          </div>
        )}
        <div>
          <dt>Reason</dt>
          <dd>{value.reason}</dd>
        </div>
        {value.refusal_reason && (
          <div>
            <dt>Refused because</dt>
            <dd>{value.refusal_reason}</dd>
          </div>
        )}
        {value.refund && (
          <div>
            <dt>Refund</dt>
            <dd>
              {formatPence(pence(value.refund.amount))}{' '}
              {value.refund.state === 'pending'
                ? '(pending: the payment gateway has not confirmed it)'
                : value.refund.credit_note_number}
            </dd>
          </div>
        )}
      </dl>
      <h2>Items</h2>
      <ul>
        {value.items.map((line) => (
          <li key={line.order_item_id}>
            {line.quantity} × {line.name}
          </li>
        ))}
      </ul>
      <ReturnActions value={value} onChange={onChange} />
    </section>
  );
}

interface ActionProps {
  value: AdminReturnView;
  onChange: (next: AdminReturnView) => void;
}

function ReturnActions({ value, onChange }: ActionProps) {
  const mayRefund = useCan('orders.refund');
  const receive = useMutation({
    mutationFn: () => returnWrite(value.return_number, 'receive'),
    onSuccess: onChange,
  });
  const open = value.status === 'requested' || value.status === 'received';
  if (!open) return null;
  return (
    <>
      {value.status === 'requested' && (
        <div className="return-actions">
          {receive.error && <Notice tone="error">{receive.error.message}</Notice>}
          <Button onClick={() => receive.mutate()} busy={receive.isPending} busyLabel="Saving">
            Mark received
          </Button>
        </div>
      )}
      {value.status === 'received' && value.refund === null && mayRefund && (
        <RefundReturn value={value} onChange={onChange} />
      )}
      {value.refund === null && <RefuseReturn value={value} onChange={onChange} />}
    </>
  );
}

function RefundReturn({ value, onChange }: ActionProps) {
  const { role } = useStaff();
  const creditOnly = REFUND_LIMITS[role]?.to === 'credit';
  const [to, setTo] = useState<'payment' | 'credit'>(creditOnly ? 'credit' : 'payment');
  const [restock, setRestock] = useState(true);
  const refund = useMutation({
    mutationFn: () => returnWrite(value.return_number, 'refund', { to, restock }),
    onSuccess: onChange,
  });
  return (
    <section className="return-panel" aria-labelledby="return-refund">
      <h2 id="return-refund">Refund</h2>
      <p>Refunds the returned items at the price paid for them.</p>
      <RadioGroup
        legend="Refund to"
        name="return-refund-to"
        value={to}
        onChange={setTo}
        options={[
          { value: 'payment', label: 'The original payment', disabled: creditOnly },
          { value: 'credit', label: 'Store credit' },
        ]}
      />
      <label className="return-panel__check">
        <input
          type="checkbox"
          checked={restock}
          onChange={(event) => setRestock(event.target.checked)}
        />
        Put the items back in stock
      </label>
      {refund.error && <Notice tone="error">{refund.error.message}</Notice>}
      <Button onClick={() => refund.mutate()} busy={refund.isPending} busyLabel="Refunding">
        Refund return
      </Button>
    </section>
  );
}

function RefuseReturn({ value, onChange }: ActionProps) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const refuse = useMutation({
    mutationFn: () => returnWrite(value.return_number, 'refuse', { reason }),
    onSuccess: onChange,
    onError: (failure) => {
      if (failure instanceof ApiError && failure.errors?.reason) {
        setError(failure.errors.reason[0]);
      }
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setError('Please say why');
      return;
    }
    setError(undefined);
    refuse.mutate();
  };
  return (
    <form className="return-panel" onSubmit={submit} noValidate aria-labelledby="return-refuse">
      <h2 id="return-refuse">Refuse</h2>
      <Field
        label="Why is it refused?"
        hint="The customer is emailed this reason."
        value={reason}
        maxLength={RETURN_REFUSAL_MAX}
        onChange={(event) => setReason(event.target.value)}
        error={error}
      />
      {refuse.error && !(refuse.error instanceof ApiError && refuse.error.errors) && (
        <Notice tone="error">{refuse.error.message}</Notice>
      )}
      <Button type="submit" variant="secondary" busy={refuse.isPending} busyLabel="Refusing">
        Refuse return
      </Button>
    </form>
  );
}
