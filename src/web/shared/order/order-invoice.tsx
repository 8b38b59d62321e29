/**
 * 'Download VAT invoice (PDF)' on an order page (ADR 071), once the order is paid for
 * (and still when it was cancelled after: its credit note credits it, ADR 078):
 * fetched with the shopper's login or this browser's orders cookie (a plain link would
 * not carry the login), then saved as a file. A refusal shows beside the button.
 */
import { useState } from 'react';
import type { OrderView } from '../../../domain/api/order.ts';
import { SOLD_ORDER_STATUSES } from '../../../domain/order-status.ts';
import { fetchInvoice } from '../../api/orders.ts';
import { Button } from '../../ui/button.tsx';
import { Notice } from '../../ui/notice.tsx';

const INVOICED: ReadonlySet<string> = new Set(SOLD_ORDER_STATUSES);

/** Saves `blob` as `filename` through a temporary link. */
function save(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function OrderInvoice({ order }: { order: OrderView }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!INVOICED.has(order.status)) return null;

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      save(await fetchInvoice(order.public_id), `Everbloom-${order.order_number}-invoice.pdf`);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The invoice could not be fetched.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="order-invoice">
      <Button
        variant="link"
        busy={busy}
        busyLabel="Fetching invoice"
        onClick={() => void download()}
      >
        Download VAT invoice (PDF)
      </Button>
      {error && <Notice tone="error">{error}</Notice>}
    </div>
  );
}
