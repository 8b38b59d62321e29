/**
 * Adding a delivery option to a zone, taking one away and bringing a retired one back
 * (ADR 082). An option an order used is retired, never deleted: shoppers stop being
 * offered it while orders, invoices and reports keep its name and VAT rate. One no order
 * used can be deleted outright (or retired, to bring back later). The server refuses
 * taking away the last option shoppers in a covered zone can choose; its message shows
 * in the dialog. A retired option comes back closed, to be checked and then opened.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AdminDeliveryOption, AdminDeliveryZone } from '../../../domain/api/admin-delivery.ts';
import { DELIVERY_VAT_RATES_BP, MAX_CLOSURE_REASON } from '../../../domain/api/admin-delivery.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Notice } from '../../ui/notice.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { ApiError } from '../lib/admin-api.ts';
import {
  DELIVERY_KEY,
  deleteOption,
  postOption,
  restoreOption,
  retireOption,
  type NewOption,
} from './delivery-api.ts';
import { EMPTY_OPTION_DRAFT, useOptionDraft } from './option-draft.ts';
import { OptionFields } from './option-fields.tsx';

const WEEKDAY_CHOICES = [
  { value: '', label: 'Any working day' },
  ...['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map(
    (day, index) => ({ value: String(index + 1), label: `${day}s only` }),
  ),
];

const VAT_LABELS: Record<number, string> = {
  2000: '20% (standard)',
  500: '5% (reduced)',
  0: '0% (zero-rated)',
};
const VAT_CHOICES = DELIVERY_VAT_RATES_BP.map((bp) => ({
  value: String(bp),
  label: VAT_LABELS[bp] ?? `${bp / 100}%`,
}));

export function AddOptionDialog({
  zone,
  onClose,
  onDone,
}: {
  zone: AdminDeliveryZone;
  onClose: () => void;
  onDone: (option: AdminDeliveryOption) => void;
}) {
  const client = useQueryClient();
  const { draft, change, local, read } = useOptionDraft(EMPTY_OPTION_DRAFT);
  const [id, setId] = useState('');
  const [weekday, setWeekday] = useState('');
  const [rate, setRate] = useState('2000');

  const add = useMutation({
    mutationFn: postOption,
    onSuccess: async (option) => {
      await client.invalidateQueries({ queryKey: DELIVERY_KEY });
      onDone(option);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = read();
    if (!values) return;
    const { active, ...described } = values;
    const body: NewOption = {
      zone_id: zone.id,
      ...(id.trim() ? { id: id.trim() } : {}),
      ...described,
      delivery_weekday: weekday === '' ? null : Number(weekday),
      tax_rate_bp: Number(rate),
      active,
      ...(draft.reason.trim() ? { reason: draft.reason.trim() } : {}),
    };
    add.mutate(body);
  };

  const failure = add.error instanceof ApiError ? add.error : null;
  const fieldError = (field: string) => local[field] ?? failure?.errors?.[field]?.join(' ');
  const message =
    Object.keys(local).length > 0 || failure?.errors
      ? 'Please correct the fields marked below.'
      : (add.error?.message ?? null);

  return (
    <Modal open onClose={onClose} title={`Add a delivery option to ${zone.name}`} narrow>
      <form onSubmit={submit} noValidate>
        {message && <Notice tone="error">{message}</Notice>}
        <OptionFields
          draft={draft}
          onChange={change}
          fieldError={fieldError}
          nameHint="As shoppers see it, e.g. Saturday delivery"
          daysRequired
          activeLabel="Offered to shoppers at once"
          afterName={
            <Field
              label="Id (optional)"
              hint="Lower-case words joined by hyphens; made from the zone and name when blank. Orders and reports name the option by it, so it cannot change later."
              value={id}
              maxLength={63}
              autoComplete="off"
              onChange={(event) => setId(event.target.value)}
              error={fieldError('id')}
            />
          }
          afterPrice={
            <>
              <SelectField
                label="VAT rate"
                options={VAT_CHOICES}
                value={rate}
                onChange={(event) => setRate(event.target.value)}
                error={fieldError('tax_rate_bp')}
              />
              <p className="field__hint">
                The VAT rate cannot change later: the reports look it up for every order that used
                the option. For a new rate, add a new option and retire this one.
              </p>
            </>
          }
          afterDays={
            <SelectField
              label="Delivered on"
              options={WEEKDAY_CHOICES}
              value={weekday}
              onChange={(event) => setWeekday(event.target.value)}
              error={fieldError('delivery_weekday')}
            />
          }
        />
        <Button type="submit" busy={add.isPending} busyLabel="Adding">
          Add option
        </Button>
      </form>
    </Modal>
  );
}

/**
 * Takes an option away: an option an order used can only be retired; one no order used
 * can be deleted or retired.
 */
export function RemoveOptionDialog({
  option,
  zone,
  onClose,
  onDone,
}: {
  option: AdminDeliveryOption;
  zone: AdminDeliveryZone;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const remove = useMutation({
    mutationFn: async (how: 'retire' | 'delete') => {
      if (how === 'retire') await retireOption(option.id, reason);
      else await deleteOption(option.id, reason);
      return how;
    },
    onSuccess: async (how) => {
      await client.invalidateQueries({ queryKey: DELIVERY_KEY });
      onDone(
        how === 'retire'
          ? `${option.name} retired: shoppers are no longer offered it.`
          : `${option.name} deleted.`,
      );
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(option.used ? 'retire' : 'delete');
  };
  return (
    <Modal open onClose={onClose} title={`Remove ${option.name} (${zone.name})?`} narrow>
      <form onSubmit={submit} noValidate>
        {remove.error && <Notice tone="error">{remove.error.message}</Notice>}
        {option.used ? (
          <p>
            Orders used this option, so it is retired rather than deleted: shoppers are no longer
            offered it, and those orders, their invoices and the reports keep its name and VAT rate.
            You can bring it back later.
          </p>
        ) : (
          <p>
            No order has used this option, so it can be deleted. Retire it instead to keep it for
            bringing back later. Either way shoppers are no longer offered it, and a basket that had
            chosen it asks again.
          </p>
        )}
        <Field
          label="Reason (optional, for the audit trail)"
          value={reason}
          maxLength={MAX_CLOSURE_REASON}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="delivery-actions">
          {option.used ? (
            <Button type="submit" busy={remove.isPending} busyLabel="Retiring">
              Retire option
            </Button>
          ) : (
            <>
              <Button
                type="submit"
                busy={remove.isPending && remove.variables === 'delete'}
                busyLabel="Deleting"
              >
                Delete option
              </Button>
              <Button
                variant="secondary"
                busy={remove.isPending && remove.variables === 'retire'}
                busyLabel="Retiring"
                onClick={() => remove.mutate('retire')}
              >
                Retire instead
              </Button>
            </>
          )}
          <Button variant="secondary" onClick={onClose}>
            Keep it
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Brings a retired option back, closed: staff check it, then tick Offered. */
export function RestoreOptionDialog({
  option,
  zone,
  onClose,
  onDone,
}: {
  option: AdminDeliveryOption;
  zone: AdminDeliveryZone;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const restore = useMutation({
    mutationFn: () => restoreOption(option.id, reason),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: DELIVERY_KEY });
      onDone(`${option.name} is back, closed: check it, then tick Offered to offer it again.`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    restore.mutate();
  };
  return (
    <Modal open onClose={onClose} title={`Bring back ${option.name} (${zone.name})?`} narrow>
      <form onSubmit={submit} noValidate>
        {restore.error && <Notice tone="error">{restore.error.message}</Notice>}
        <p>
          It comes back closed, at its old price and days: check them with Edit, then tick Offered
          to offer it to shoppers again.
        </p>
        <Field
          label="Reason (optional, for the audit trail)"
          value={reason}
          maxLength={MAX_CLOSURE_REASON}
          onChange={(event) => setReason(event.target.value)}
        />
        <div className="delivery-actions">
          <Button type="submit" busy={restore.isPending} busyLabel="Bringing back">
            Bring back
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Modal>
  );
}
