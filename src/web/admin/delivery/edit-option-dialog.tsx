/**
 * Changing one delivery option (ADR 065): price and free-over threshold in pounds, the
 * cut-off hour, working days, and whether shoppers are offered it. Only the fields
 * changed are sent; the server's per-field messages show beside the fields.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AdminDeliveryOption } from '../../../domain/api/admin-delivery.ts';
import {
  MAX_CLOSURE_REASON,
  MAX_OPTION_DESCRIPTION,
  MAX_OPTION_NAME,
} from '../../../domain/api/admin-delivery.ts';
import { decimalString, type Pence } from '../../../domain/money.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Notice } from '../../ui/notice.tsx';
import { ApiError } from '../lib/admin-api.ts';
import {
  DELIVERY_KEY,
  patchOption,
  penceOf,
  wholeOf as whole,
  type OptionChange,
} from './delivery-api.ts';

const AMOUNT = 'Please give an amount in pounds, e.g. 7.95';
const WHOLE = 'Please give a whole number';

const pounds = (amount: number | null) => (amount === null ? '' : decimalString(amount as Pence));

export function EditOptionDialog({
  option,
  onClose,
  onDone,
}: {
  option: AdminDeliveryOption;
  onClose: () => void;
  onDone: (option: AdminDeliveryOption) => void;
}) {
  const client = useQueryClient();
  const [name, setName] = useState(option.name);
  const [description, setDescription] = useState(option.description);
  const [price, setPrice] = useState(pounds(option.price));
  const [freeOver, setFreeOver] = useState(pounds(option.free_over));
  const [cutoff, setCutoff] = useState(
    option.cutoff_hour === null ? '' : String(option.cutoff_hour),
  );
  const [minDays, setMinDays] = useState(String(option.min_days));
  const [maxDays, setMaxDays] = useState(String(option.max_days));
  const [active, setActive] = useState(option.active);
  const [reason, setReason] = useState('');
  const [local, setLocal] = useState<Record<string, string>>({});

  const save = useMutation({
    mutationFn: (change: OptionChange) => patchOption(option.id, change),
    onSuccess: async (updated) => {
      await client.invalidateQueries({ queryKey: DELIVERY_KEY });
      onDone(updated);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    const next = {
      name: name.trim(),
      description: description.trim(),
      price: penceOf(price),
      free_over: freeOver.trim() === '' ? null : penceOf(freeOver),
      cutoff_hour: cutoff.trim() === '' ? null : whole(cutoff),
      min_days: whole(minDays),
      max_days: whole(maxDays),
      active,
    };
    if (Number.isNaN(next.price)) errors.price = AMOUNT;
    if (next.free_over !== null && Number.isNaN(next.free_over)) errors.free_over = AMOUNT;
    if (next.cutoff_hour !== null && Number.isNaN(next.cutoff_hour)) {
      errors.cutoff_hour = 'Please give an hour from 0 to 23, or leave it empty';
    }
    if (Number.isNaN(next.min_days)) errors.min_days = WHOLE;
    if (Number.isNaN(next.max_days)) errors.max_days = WHOLE;
    setLocal(errors);
    if (Object.keys(errors).length > 0) return;
    const change: OptionChange = {};
    for (const [key, value] of Object.entries(next)) {
      if (option[key as keyof AdminDeliveryOption] !== value) {
        (change as Record<string, unknown>)[key] = value;
      }
    }
    if (reason.trim()) change.reason = reason.trim();
    save.mutate(change);
  };

  const failure = save.error instanceof ApiError ? save.error : null;
  const fieldError = (field: string) => local[field] ?? failure?.errors?.[field]?.[0];
  const message = save.error
    ? failure?.isValidation
      ? (failure.errors?.body?.[0] ?? 'Please correct the fields marked below.')
      : save.error.message
    : null;

  return (
    <Modal open onClose={onClose} title={`Edit delivery option: ${option.name}`} narrow>
      <form onSubmit={submit} noValidate>
        {message && <Notice tone="error">{message}</Notice>}
        <Field
          label="Name"
          value={name}
          maxLength={MAX_OPTION_NAME}
          onChange={(event) => setName(event.target.value)}
          error={fieldError('name')}
          required
        />
        <Field
          label="Description"
          value={description}
          maxLength={MAX_OPTION_DESCRIPTION}
          onChange={(event) => setDescription(event.target.value)}
          error={fieldError('description')}
        />
        <Field
          label="Price (£, VAT included)"
          inputMode="decimal"
          value={price}
          onChange={(event) => setPrice(event.target.value)}
          error={fieldError('price')}
          required
        />
        <Field
          label="Free over (£)"
          hint="Free when the items reach this amount. Empty: never free."
          inputMode="decimal"
          value={freeOver}
          onChange={(event) => setFreeOver(event.target.value)}
          error={fieldError('free_over')}
        />
        <Field
          label="Cut-off hour (UK time, 0–23)"
          hint="Orders before this hour on a working day leave that day. Empty: no cut-off."
          inputMode="numeric"
          value={cutoff}
          onChange={(event) => setCutoff(event.target.value)}
          error={fieldError('cutoff_hour')}
        />
        <Field
          label="Fewest working days"
          inputMode="numeric"
          value={minDays}
          onChange={(event) => setMinDays(event.target.value)}
          error={fieldError('min_days')}
        />
        <Field
          label="Most working days"
          inputMode="numeric"
          value={maxDays}
          onChange={(event) => setMaxDays(event.target.value)}
          error={fieldError('max_days')}
        />
        <label className="delivery-check">
          <input
            type="checkbox"
            checked={active}
            onChange={(event) => setActive(event.target.checked)}
          />
          Offered to shoppers
        </label>
        <Field
          label="Reason (optional, for the audit trail)"
          value={reason}
          maxLength={MAX_CLOSURE_REASON}
          onChange={(event) => setReason(event.target.value)}
          error={fieldError('reason')}
        />
        <Button type="submit" busy={save.isPending} busyLabel="Saving">
          Save option
        </Button>
      </form>
    </Modal>
  );
}
