/**
 * The shopper's details on a basket (spec sections 3 and 5): email, delivery and
 * billing addresses and safe place, sent in any combination. Address fields merge onto
 * the stored address before it is validated as a whole, so every problem is reported
 * at once, keyed by the request's field names.
 */
import { z } from 'zod/mini';
import { validationError, type FieldErrors } from '../../../domain/errors.ts';
import { composeSafePlace, safePlaceSchema } from '../../../domain/safe-place.ts';
import { ADDRESS_FIELDS, addressSchema, type Address } from '../../../domain/schemas/address.ts';
import { basketEmailSchema } from '../../../domain/schemas/basket.ts';
import { fieldErrorsFromZod } from '../../../domain/schemas/field-errors.ts';
import type { StoredAddress } from '../../db/schema.ts';
import type { BasketChanges, BasketRecord } from './basket.repository.ts';

/** The prefixed address fields sent, merged onto what is stored and validated. */
function mergeAddress(
  body: Record<string, unknown>,
  prefix: 'delivery_address_' | 'billing_address_',
  stored: StoredAddress | null,
  errors: FieldErrors,
): Address | undefined {
  const sent = ADDRESS_FIELDS.filter((field) => `${prefix}${field}` in body);
  if (sent.length === 0) return undefined;
  const merged: Record<string, unknown> = { ...(stored ?? {}) };
  for (const field of sent) merged[field] = body[`${prefix}${field}`];
  const parsed = addressSchema.safeParse(merged);
  if (!parsed.success) {
    Object.assign(errors, fieldErrorsFromZod(parsed.error, prefix));
    return undefined;
  }
  return parsed.data;
}

/**
 * The changes a details request makes to `stored` (undefined: no basket yet), or a
 * validation error listing every problem. The stored `delivery_safe_place` is always
 * composed from the safe-place option and note (sent, else stored): any text sent as
 * `delivery_safe_place` itself is ignored.
 */
export function detailsChanges(
  body: Record<string, unknown>,
  stored: BasketRecord | undefined,
): BasketChanges {
  const errors: FieldErrors = {};
  const changes: BasketChanges = {};

  if ('email_address' in body) {
    const email = basketEmailSchema.safeParse(body.email_address);
    if (email.success) changes.email_address = email.data;
    else errors.email_address = email.error.issues.map((issue) => issue.message);
  }
  const deliveryAddress = mergeAddress(
    body,
    'delivery_address_',
    stored?.delivery_address ?? null,
    errors,
  );
  if (deliveryAddress) changes.delivery_address = deliveryAddress;
  const billingAddress = mergeAddress(
    body,
    'billing_address_',
    stored?.billing_address ?? null,
    errors,
  );
  if (billingAddress) changes.billing_address = billingAddress;

  if ('delivery_safe_place_option' in body || 'delivery_safe_place_option_note' in body) {
    const safePlace = safePlaceSchema.safeParse({
      delivery_safe_place_option:
        'delivery_safe_place_option' in body
          ? body.delivery_safe_place_option
          : (stored?.delivery_safe_place_option ?? null),
      delivery_safe_place_option_note:
        'delivery_safe_place_option_note' in body
          ? body.delivery_safe_place_option_note
          : (stored?.delivery_safe_place_option_note ?? null),
    });
    if (safePlace.success) {
      const { delivery_safe_place_option: option, delivery_safe_place_option_note: note } =
        safePlace.data;
      changes.delivery_safe_place_option = option;
      changes.delivery_safe_place_option_note = note;
      changes.delivery_safe_place = composeSafePlace(option, note);
    } else Object.assign(errors, fieldErrorsFromZod(safePlace.error));
  }

  if (Object.keys(errors).length > 0) throw validationError(errors);
  return changes;
}

const prefixed = (prefix: string) =>
  Object.fromEntries(
    ADDRESS_FIELDS.map((field) => [`${prefix}${field}`, addressSchema.shape[field]]),
  );

/**
 * PUT /basket/details as documented (ADR 031): every field optional, each checked by the
 * schema detailsChanges() uses (the address ones once merged onto the stored address).
 */
export const detailsBodySchema = z.partial(
  z.object({
    email_address: basketEmailSchema,
    ...prefixed('delivery_address_'),
    ...prefixed('billing_address_'),
    ...safePlaceSchema._zod.def.in.shape,
  }),
);
