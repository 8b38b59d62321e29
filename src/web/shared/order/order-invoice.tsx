/**
 * 'Download VAT invoice (PDF)' on an order page (ADR 071), once the order is paid for
 * (and still when it was cancelled after: its credit note credits it, ADR 078):
 * and each of its credit notes (a refund's, a cancellation's), fetched with the
 * shopper's login or this browser's orders cookie (a plain link would not carry the
 * login), then saved as a file. A refusal shows beside its button.
 */
import { useState } from 'react';
import type { OrderView } from '../../../domain/api/order.ts';
import { SOLD_ORDER_STATUSES } from '../../../domain/order-status.ts';
import { fetchCreditNote, fetchInvoice } from '../../api/orders.ts';
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

/** One document's download button, with its own busy state and refusal. */
function DocumentDownload({
  label,
  busyLabel,
  filename,
  fetchFile,
}: {
  label: string;
  busyLabel: string;
  filename: string;
  fetchFile: () => Promise<Blob>;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      save(await fetchFile(), filename);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The document could not be fetched.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="order-invoice">
      <Button variant="link" busy={busy} busyLabel={busyLabel} onClick={() => void download()}>
        {label}
      </Button>
      {error && <Notice tone="error">{error}</Notice>}
    </div>
  );
}

export function OrderInvoice({ order }: { order: OrderView }) {
  if (!INVOICED.has(order.status)) return null;
  return (
    <>
      <DocumentDownload
        label="Download VAT invoice (PDF)"
        busyLabel="Fetching invoice"
        filename={`Everbloom-${order.order_number}-invoice.pdf`}
        fetchFile={() => fetchInvoice(order.public_id)}
      />
      {(order.credit_notes ?? []).map((number) => (
        <DocumentDownload
          key={number}
          label={`Download credit note ${number} (PDF)`}
          busyLabel={`Fetching credit note ${number}`}
          filename={`Everbloom-${order.order_number}-${number}.pdf`}
          fetchFile={() => fetchCreditNote(order.public_id, number)}
        />
      ))}
    </>
  );
}
