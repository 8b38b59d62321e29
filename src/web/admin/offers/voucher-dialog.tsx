/**
 * Creating or editing a discount code (ADR 064). Times are entered in UK time (the
 * server reads `yyyy-MM-ddTHH:mm` as Europe/London); amounts in pounds, sent in pence.
 * Errors from the server show next to their fields.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { AdminVoucherKind, VoucherView } from '../../../domain/api/admin-offers.ts';
import { ukLocalOf } from '../../../domain/uk-time.ts';
import { Button } from '../../ui/button.tsx';
import { Field } from '../../ui/field.tsx';
import { Modal } from '../../ui/modal.tsx';
import { Notice } from '../../ui/notice.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { ApiError } from '../lib/admin-api.ts';
import {
  createVoucher,
  limitOf,
  OFFERS_KEY,
  patchVoucher,
  penceOf,
  poundsOf,
  type VoucherBody,
} from './offers-api.ts';

const KIND_OPTIONS: { value: AdminVoucherKind; label: string }[] = [
  { value: 'percentage', label: 'Percentage off' },
  { value: 'fixed', label: 'Fixed amount off' },
  { value: 'free_delivery', label: 'Free delivery' },
];

const localOf = (iso: string | null) => (iso ? ukLocalOf(iso) : '');

export function VoucherDialog({
  voucher,
  onClose,
  onDone,
}: {
  /** The code to edit; none: a new one. */
  voucher: VoucherView | null;
  onClose: () => void;
  onDone: (voucher: VoucherView, what: string) => void;
}) {
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const [description, setDescription] = useState(voucher?.description ?? '');
  const [kind, setKind] = useState<AdminVoucherKind>(voucher?.kind ?? 'percentage');
  const [includesDelivery, setIncludesDelivery] = useState(voucher?.includes_delivery ?? false);
  const [value, setValue] = useState(
    voucher ? (voucher.kind === 'fixed' ? poundsOf(voucher.value) : String(voucher.value)) : '',
  );
  const [minimumSpend, setMinimumSpend] = useState(
    voucher ? poundsOf(voucher.minimum_spend) : '0.00',
  );
  const [startsAt, setStartsAt] = useState(localOf(voucher?.starts_at ?? null));
  const [endsAt, setEndsAt] = useState(localOf(voucher?.ends_at ?? null));
  const [maxUses, setMaxUses] = useState(voucher?.max_uses?.toString() ?? '');
  const [perCustomer, setPerCustomer] = useState(voucher?.max_uses_per_customer?.toString() ?? '');

  const save = useMutation({
    mutationFn: (input: { body: VoucherBody; what: string }) =>
      voucher ? patchVoucher(voucher.code, input.body) : createVoucher(input.body),
    onSuccess: async (saved, input) => {
      await client.invalidateQueries({ queryKey: OFFERS_KEY });
      onDone(saved, input.what);
    },
  });

  const body = (): VoucherBody => ({
    ...(voucher ? {} : { code }),
    ...(description.trim() && description !== voucher?.description
      ? { description: description.trim() }
      : {}),
    kind,
    includes_delivery: kind === 'percentage' && includesDelivery,
    ...(kind === 'free_delivery'
      ? {}
      : { value: kind === 'fixed' ? penceOf(value) : Number(value.trim() || Number.NaN) }),
    minimum_spend: penceOf(minimumSpend || '0'),
    starts_at: startsAt || null,
    ends_at: endsAt || null,
    max_uses: limitOf(maxUses),
    max_uses_per_customer: limitOf(perCustomer),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ body: body(), what: voucher ? 'saved' : 'created' });
  };

  const failure = save.error instanceof ApiError ? save.error : null;
  const fieldError = (name: string) => failure?.errors?.[name]?.[0];
  const message = save.error
    ? failure?.isValidation
      ? 'Please correct the fields marked below.'
      : save.error.message
    : null;

  return (
    <Modal
      open
      onClose={onClose}
      title={voucher ? `Edit discount code ${voucher.code}` : 'New discount code'}
    >
      <form onSubmit={submit} noValidate className="offers-form">
        {message && <Notice tone="error">{message}</Notice>}
        {!voucher && (
          <Field
            label="Code"
            hint="Capital letters and numbers, e.g. SPRING10"
            value={code}
            onChange={(event) => setCode(event.target.value.toUpperCase())}
            error={fieldError('code')}
            maxLength={32}
            autoComplete="off"
            required
          />
        )}
        <SelectField
          label="Kind"
          options={KIND_OPTIONS}
          value={kind}
          onChange={(event) => setKind(event.target.value as AdminVoucherKind)}
          error={fieldError('kind')}
        />
        {kind === 'percentage' && (
          <>
            <Field
              label="Percentage off"
              hint="A whole number from 1 to 100"
              inputMode="numeric"
              value={value}
              onChange={(event) => setValue(event.target.value)}
              error={fieldError('value')}
              required
            />
            <label className="offers-check">
              <input
                type="checkbox"
                checked={includesDelivery}
                onChange={(event) => setIncludesDelivery(event.target.checked)}
              />
              Also take it off delivery
            </label>
          </>
        )}
        {kind === 'fixed' && (
          <Field
            label="Amount off (£)"
            hint="Taken off the items, e.g. 5.00"
            inputMode="decimal"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            error={fieldError('value')}
            required
          />
        )}
        <Field
          label="Minimum spend on items (£)"
          hint="0.00 for none"
          inputMode="decimal"
          value={minimumSpend}
          onChange={(event) => setMinimumSpend(event.target.value)}
          error={fieldError('minimum_spend')}
        />
        <Field
          label="Starts (UK time)"
          hint="Leave blank to start now"
          type="datetime-local"
          value={startsAt}
          onChange={(event) => setStartsAt(event.target.value)}
          error={fieldError('starts_at')}
        />
        <Field
          label="Ends (UK time)"
          hint="Leave blank for no end"
          type="datetime-local"
          value={endsAt}
          onChange={(event) => setEndsAt(event.target.value)}
          error={fieldError('ends_at')}
        />
        <Field
          label="Uses in all"
          hint="Blank for no limit"
          inputMode="numeric"
          value={maxUses}
          onChange={(event) => setMaxUses(event.target.value)}
          error={fieldError('max_uses')}
        />
        <Field
          label="Uses per customer"
          hint="Blank for no limit; guests are counted by email address"
          inputMode="numeric"
          value={perCustomer}
          onChange={(event) => setPerCustomer(event.target.value)}
          error={fieldError('max_uses_per_customer')}
        />
        <Field
          label="Description (optional)"
          hint="For staff; made from the kind and value when blank"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={fieldError('description')}
          maxLength={200}
        />
        <div className="offers-actions">
          <Button type="submit" busy={save.isPending} busyLabel="Saving">
            {voucher ? 'Save changes' : 'Create code'}
          </Button>
          {voucher && voucher.status !== 'ended' && voucher.status !== 'off' && (
            <Button
              variant="secondary"
              disabled={save.isPending}
              onClick={() =>
                save.mutate({
                  // A code not started yet is switched off; a running one ends now.
                  body:
                    voucher.status === 'scheduled'
                      ? { active: false }
                      : { ends_at: new Date().toISOString() },
                  what: 'ended',
                })
              }
            >
              End now
            </Button>
          )}
          {voucher?.status === 'off' && (
            <Button
              variant="secondary"
              disabled={save.isPending}
              onClick={() => save.mutate({ body: { active: true }, what: 'switched on' })}
            >
              Switch on
            </Button>
          )}
        </div>
      </form>
    </Modal>
  );
}
