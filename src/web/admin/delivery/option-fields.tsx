/**
 * The fields of a delivery option the add and edit dialogs share, in their order: name,
 * description, price, free-over, cut-off, working days, offered, reason. The add
 * dialog's own fields (id, VAT rate, weekday) go in the slots after the name, the price
 * and the days.
 */
import type { ReactNode } from 'react';
import {
  MAX_CLOSURE_REASON,
  MAX_OPTION_DESCRIPTION,
  MAX_OPTION_NAME,
} from '../../../domain/api/admin-delivery.ts';
import { Field } from '../../ui/field.tsx';
import type { OptionDraft } from './option-draft.ts';

export function OptionFields({
  draft,
  onChange,
  fieldError,
  nameHint,
  daysRequired = false,
  activeLabel,
  afterName,
  afterPrice,
  afterDays,
}: {
  draft: OptionDraft;
  onChange: (change: Partial<OptionDraft>) => void;
  fieldError: (field: string) => string | undefined;
  nameHint?: string;
  daysRequired?: boolean;
  activeLabel: string;
  afterName?: ReactNode;
  afterPrice?: ReactNode;
  afterDays?: ReactNode;
}) {
  const text = (key: Exclude<keyof OptionDraft, 'active'>) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => onChange({ [key]: event.target.value }),
  });
  return (
    <>
      <Field
        label="Name"
        hint={nameHint}
        {...text('name')}
        maxLength={MAX_OPTION_NAME}
        error={fieldError('name')}
        required
      />
      {afterName}
      <Field
        label="Description"
        {...text('description')}
        maxLength={MAX_OPTION_DESCRIPTION}
        error={fieldError('description')}
      />
      <Field
        label="Price (£, VAT included)"
        inputMode="decimal"
        {...text('price')}
        error={fieldError('price')}
        required
      />
      {afterPrice}
      <Field
        label="Free over (£)"
        hint="Free when the items reach this amount. Empty: never free."
        inputMode="decimal"
        {...text('freeOver')}
        error={fieldError('free_over')}
      />
      <Field
        label="Cut-off hour (UK time, 0–23)"
        hint="Orders before this hour on a working day leave that day. Empty: no cut-off."
        inputMode="numeric"
        {...text('cutoff')}
        error={fieldError('cutoff_hour')}
      />
      <Field
        label="Fewest working days"
        inputMode="numeric"
        {...text('minDays')}
        error={fieldError('min_days')}
        required={daysRequired}
      />
      <Field
        label="Most working days"
        inputMode="numeric"
        {...text('maxDays')}
        error={fieldError('max_days')}
        required={daysRequired}
      />
      {afterDays}
      <label className="delivery-check">
        <input
          type="checkbox"
          checked={draft.active}
          onChange={(event) => onChange({ active: event.target.checked })}
        />
        {activeLabel}
      </label>
      <Field
        label="Reason (optional, for the audit trail)"
        {...text('reason')}
        maxLength={MAX_CLOSURE_REASON}
        error={fieldError('reason')}
      />
    </>
  );
}
