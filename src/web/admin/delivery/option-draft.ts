/**
 * A delivery option as typed in the add and edit dialogs (ADR 065, 082), and the one
 * check both make before sending: amounts in pounds, whole numbers of days and an hour
 * for the cut-off. The server checks the ranges and says so beside the fields.
 */
import { useState } from 'react';
import type { AdminDeliveryOption } from '../../../domain/api/admin-delivery.ts';
import { decimalString, type Pence } from '../../../domain/money.ts';
import { penceOf, wholeOf } from './delivery-api.ts';

export const AMOUNT = 'Please give an amount in pounds, e.g. 7.95';
export const WHOLE = 'Please give a whole number';
export const HOUR = 'Please give an hour from 0 to 23, or leave it empty';

/** The fields the two dialogs share, as typed. */
export interface OptionDraft {
  name: string;
  description: string;
  price: string;
  freeOver: string;
  cutoff: string;
  minDays: string;
  maxDays: string;
  active: boolean;
  reason: string;
}

/** What the shared fields send, in the order the dialogs send them. */
export interface OptionValues {
  name: string;
  description: string;
  price: number;
  free_over: number | null;
  cutoff_hour: number | null;
  min_days: number;
  max_days: number;
  active: boolean;
}

export const EMPTY_OPTION_DRAFT: OptionDraft = {
  name: '',
  description: '',
  price: '',
  freeOver: '',
  cutoff: '',
  minDays: '',
  maxDays: '',
  active: true,
  reason: '',
};

const pounds = (amount: number | null) => (amount === null ? '' : decimalString(amount as Pence));

/** An existing option as the edit dialog first shows it. */
export function draftOf(option: AdminDeliveryOption): OptionDraft {
  return {
    name: option.name,
    description: option.description,
    price: pounds(option.price),
    freeOver: pounds(option.free_over),
    cutoff: option.cutoff_hour === null ? '' : String(option.cutoff_hour),
    minDays: String(option.min_days),
    maxDays: String(option.max_days),
    active: option.active,
    reason: '',
  };
}

/**
 * Reads a draft: the values to send (text trimmed, pounds as pence, an empty free-over
 * or cut-off as null) and a message per field that cannot be read, keyed by the API's
 * field name. Nothing is sent while `errors` has any key.
 */
export function parseOptionDraft(draft: OptionDraft): {
  values: OptionValues;
  errors: Record<string, string>;
} {
  const values: OptionValues = {
    name: draft.name.trim(),
    description: draft.description.trim(),
    price: penceOf(draft.price),
    free_over: draft.freeOver.trim() === '' ? null : penceOf(draft.freeOver),
    cutoff_hour: draft.cutoff.trim() === '' ? null : wholeOf(draft.cutoff),
    min_days: wholeOf(draft.minDays),
    max_days: wholeOf(draft.maxDays),
    active: draft.active,
  };
  const errors: Record<string, string> = {};
  if (Number.isNaN(values.price)) errors.price = AMOUNT;
  if (values.free_over !== null && Number.isNaN(values.free_over)) errors.free_over = AMOUNT;
  if (values.cutoff_hour !== null && Number.isNaN(values.cutoff_hour)) errors.cutoff_hour = HOUR;
  if (Number.isNaN(values.min_days)) errors.min_days = WHOLE;
  if (Number.isNaN(values.max_days)) errors.max_days = WHOLE;
  return { values, errors };
}

/**
 * A dialog's draft and its own messages: `change` merges typed fields in; `read` answers
 * the values to send, or null once it has set the messages of the fields it cannot read
 * (`local`, shown before the server's).
 */
export function useOptionDraft(initial: OptionDraft | (() => OptionDraft)) {
  const [draft, setDraft] = useState<OptionDraft>(initial);
  const [local, setLocal] = useState<Record<string, string>>({});
  const change = (fields: Partial<OptionDraft>) =>
    setDraft((current) => ({ ...current, ...fields }));
  const read = (): OptionValues | null => {
    const { values, errors } = parseOptionDraft(draft);
    setLocal(errors);
    return Object.keys(errors).length > 0 ? null : values;
  };
  return { draft, change, local, read };
}
