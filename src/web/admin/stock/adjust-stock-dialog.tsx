/**
 * Adjusting one variation's stock (ADR 053): a relative change with its reason, or a
 * count of what is on the shelf. A count sends the level the dialog showed as
 * `expected`, so a sale or another change made meanwhile is never overwritten (the
 * server answers stock_changed and the dialog says so). Errors show next to the form.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { StockRowView } from '../../../domain/api/admin-stock.ts';
import {
  MAX_STOCK_NOTE,
  STAFF_STOCK_REASONS,
  STOCK_REASON_LABELS,
  type StaffStockReason,
} from '../../../domain/stock.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Notice } from '../../ui/notice.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { ApiError } from '../lib/admin-api.ts';
import { postAdjustment, STOCK_KEY, type AdjustmentBody } from './stock-api.ts';

type Tab = 'change' | 'count';

const REASON_OPTIONS = STAFF_STOCK_REASONS.map((reason) => ({
  value: reason,
  label: STOCK_REASON_LABELS[reason] ?? reason,
}));

/** A whole number typed in a field, or NaN (the server explains what is wrong). */
const wholeNumber = (text: string) => (/^-?\d+$/.test(text.trim()) ? Number(text) : Number.NaN);

export function AdjustStockDialog({
  row,
  onClose,
  onDone,
}: {
  row: StockRowView;
  onClose: () => void;
  onDone: (row: StockRowView) => void;
}) {
  const client = useQueryClient();
  const ids = useId();
  const [tab, setTab] = useState<Tab>('change');
  const [change, setChange] = useState('');
  const [reason, setReason] = useState<StaffStockReason>('received');
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  // The level this dialog showed when it opened: what a count expects.
  const [expected] = useState(row.on_hand);
  const save = useMutation({
    mutationFn: (body: AdjustmentBody) => postAdjustment(row.id, body),
    onSuccess: async (updated) => {
      await client.invalidateQueries({ queryKey: STOCK_KEY });
      onDone(updated);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      tab === 'change'
        ? { change: wholeNumber(change), reason, note }
        : { counted: wholeNumber(counted), expected, note },
    );
  };

  const failure = save.error instanceof ApiError ? save.error : null;
  const fieldError = (name: string) => failure?.errors?.[name]?.[0];
  const message = save.error
    ? failure?.isValidation
      ? (fieldError('variation_id') ?? failure.message)
      : save.error.message
    : null;
  const choose = (next: Tab) => {
    setTab(next);
    save.reset();
  };
  const tabId = (name: Tab) => `${ids}-${name}-tab`;
  const panelId = `${ids}-panel`;

  return (
    <Modal open onClose={onClose} title={`Adjust stock: ${row.sku}`} narrow>
      <p>
        {row.name}. On hand: <strong>{expected}</strong>.
      </p>
      <div className="stock-tabs" role="tablist" aria-label="How to adjust">
        {(['change', 'count'] as const).map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={tabId(name)}
            aria-selected={tab === name}
            aria-controls={panelId}
            onClick={() => choose(name)}
          >
            {name === 'change' ? 'Change' : 'Count'}
          </button>
        ))}
      </div>
      <form id={panelId} role="tabpanel" aria-labelledby={tabId(tab)} onSubmit={submit} noValidate>
        {message && <Notice tone="error">{message}</Notice>}
        {tab === 'change' ? (
          <>
            <Field
              label="Change"
              hint="Units to add, or a minus sign to take away (e.g. -2)"
              inputMode="numeric"
              value={change}
              onChange={(event) => setChange(event.target.value)}
              error={fieldError('change')}
              required
            />
            <SelectField
              label="Reason"
              options={REASON_OPTIONS}
              value={reason}
              onChange={(event) => setReason(event.target.value as StaffStockReason)}
              error={fieldError('reason')}
            />
          </>
        ) : (
          <Field
            label="Counted level"
            hint={`What is on the shelf now. The level shown was ${expected}.`}
            inputMode="numeric"
            value={counted}
            onChange={(event) => setCounted(event.target.value)}
            error={fieldError('counted') ?? fieldError('expected')}
            required
          />
        )}
        <Field
          label="Note (optional)"
          maxLength={MAX_STOCK_NOTE}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          error={fieldError('note')}
        />
        <Button type="submit" busy={save.isPending} busyLabel="Saving">
          {tab === 'change' ? 'Save change' : 'Save count'}
        </Button>
      </form>
    </Modal>
  );
}
