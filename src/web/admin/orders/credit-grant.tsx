/**
 * Goodwill store credit for the order's customer (ADR 052): an amount in pounds and a
 * reason, granted with POST /api/v1/admin/customers/{id}/credit (credit.grant). Only for
 * an order placed with an account; the customer's new balance is announced.
 */
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { poundsToPence } from '../../../domain/refunds.ts';
import { formatPence, pence } from '../../../domain/money.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Notice } from '../../ui/notice.tsx';
import { adminApi, ApiError } from '../lib/admin-api.ts';
import { useCan } from '../lib/session.ts';

/** The most one grant may give (the API's limit): £1,000. */
const MAX_GRANT = 100_000;

export function CreditGrant({ customer }: { customer: { id: number; name: string } }) {
  const allowed = useCan('credit.grant');
  const headingId = useId();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const grant = useMutation({
    mutationFn: (body: { amount: number; reason: string }) =>
      adminApi<{ balance: number }>('POST', `/customers/${customer.id}/credit`, body),
    onSuccess: () => {
      setAmount('');
      setReason('');
    },
  });
  if (!allowed) return null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = poundsToPence(amount);
    if (value === null || value < 1 || value > MAX_GRANT) {
      setProblem('Enter an amount from £0.01 to £1,000.00.');
      return;
    }
    if (!reason.trim()) {
      setProblem('Enter a reason: the customer’s credit history and the audit trail keep it.');
      return;
    }
    setProblem(null);
    grant.mutate({ amount: value, reason: reason.trim() });
  };
  const failure =
    grant.error instanceof ApiError
      ? [grant.error.message, ...Object.values(grant.error.errors ?? {}).flat()].join(' ')
      : grant.error?.message;
  return (
    <section className="order-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Goodwill credit</h2>
      <form aria-labelledby={headingId} onSubmit={submit} noValidate className="admin-toolbar">
        <Field
          label="Amount (£)"
          inputMode="decimal"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
        <Field
          label="Reason"
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        <Button type="submit" busy={grant.isPending} busyLabel="Granting">
          Grant credit
        </Button>
      </form>
      <div aria-live="polite">
        {grant.data && (
          <Notice tone="success">
            Credit granted: {customer.name}’s balance is now{' '}
            {formatPence(pence(grant.data.balance))}.
          </Notice>
        )}
      </div>
      {(problem ?? failure) && <Notice tone="error">{problem ?? failure}</Notice>}
    </section>
  );
}
