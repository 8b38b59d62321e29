/**
 * Request bodies of the customer's address endpoints that the shared schemas do not
 * cover: the saved-address flags and the choice of default addresses.
 */
import { z } from 'zod';
import { extend } from 'zod/mini';
import { addressSchema } from '../../../domain/schemas/address.ts';

// The shared address schema is zod/mini (ADR 017), extended the mini way.
export const savedAddressSchema = extend(addressSchema, {
  default_delivery: z.boolean({ error: 'Please choose yes or no' }).optional(),
  default_billing: z.boolean({ error: 'Please choose yes or no' }).optional(),
});

const idField = z.preprocess(
  (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
  z.number({ error: 'Please choose one of your saved addresses' }).int().positive().nullish(),
);

export const defaultsSchema = z.object({
  default_delivery_address_id: idField,
  default_billing_address_id: idField,
});
