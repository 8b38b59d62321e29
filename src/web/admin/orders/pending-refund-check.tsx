/**
 * A refund to the payment the payment provider has not confirmed (ADR 051): what it means,
 * and for staff who may refund, "Check with the payment provider" (ADR 081), which
 * completes it if the refund was made there, releases it if not, or says the provider did
 * not answer. The outcome goes to the refunds section (`onChecked`), which shows it above
 * the refunds and takes the order the server answered with, so a completed refund shows
 * its credit note at once and a released one goes.
 */
import { useMutation } from '@tanstack/react-query';
import type { PendingRefundCheckView, RefundView } from '../../../domain/api/admin-orders.ts';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';
import { adminApi } from '../lib/admin-api.ts';
import { useCan } from '../lib/session.ts';

/** How each outcome is shown: done (success), or still to do (warning). */
export const CHECK_TONE: Record<PendingRefundCheckView['outcome'], 'success' | 'warning' | 'info'> =
  {
    completed: 'success',
    released: 'success',
    unavailable: 'warning',
    too_soon: 'warning',
    already_resolved: 'info',
  };

export interface PendingRefundCheckProps {
  orderNumber: string;
  refund: RefundView;
  /** What the check came to, with the order as it is now. */
  onChecked: (check: PendingRefundCheckView) => void;
}

export function PendingRefundCheck({ orderNumber, refund, onChecked }: PendingRefundCheckProps) {
  const allowed = useCan('orders.refund');
  const check = useMutation({
    mutationFn: () =>
      adminApi<PendingRefundCheckView>(
        'POST',
        `/orders/${encodeURIComponent(orderNumber)}/refunds/${refund.id}/check`,
      ),
  });
  const describedBy = `pending-refund-${refund.id}`;
  return (
    <div className="pending-refund">
      <p id={describedBy}>
        The payment provider has not confirmed this refund, so it may or may not have been made. Its
        amount stays reserved and cannot be refunded twice. The shop checks pending refunds with the
        provider every few minutes.
      </p>
      {allowed ? (
        <Button
          variant="secondary"
          aria-describedby={describedBy}
          busy={check.isPending}
          busyLabel="Checking with the payment provider…"
          onClick={() => check.mutate(undefined, { onSuccess: onChecked })}
        >
          Check with the payment provider
        </Button>
      ) : null}
      {check.isError ? <Notice tone="error">{check.error.message}</Notice> : null}
    </div>
  );
}
