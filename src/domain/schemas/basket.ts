import { z } from 'zod';
import { emailSchema } from './email.ts';
import { voucherCodeSchema } from './voucher.ts';

/** Most of one variation a basket line may hold. */
export const MAX_LINE_QUANTITY = 99;

const quantityMessage = `Please enter a quantity between 1 and ${MAX_LINE_QUANTITY}`;

/** A whole number from JSON, also accepting a string of digits (form posts). */
function wholeNumber(message: string) {
  return z.preprocess(
    (value) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value),
    z.number({ error: message }).int(message),
  );
}

/** Quantity of a line (default 1, spec section 9). */
export const quantitySchema = wholeNumber(quantityMessage)
  .pipe(z.number().min(1, quantityMessage).max(MAX_LINE_QUANTITY, quantityMessage))
  .default(1);

/** POST /api/v1/basket. */
export const addItemSchema = z.object({
  product_id: wholeNumber('Please choose a product').pipe(
    z.number().positive('Please choose a product'),
  ),
  quantity: quantitySchema,
  related_item_id: wholeNumber('Please choose an item in your basket')
    .pipe(z.number().positive('Please choose an item in your basket'))
    .nullish()
    .transform((value) => value ?? null),
});

/** PATCH /api/v1/basket/{id}. */
export const updateItemSchema = z.object({ quantity: quantitySchema });

/** PUT /api/v1/basket/delivery. */
export const deliveryChoiceSchema = z.object({
  option_id: z
    .string({ error: 'Please choose a delivery option' })
    .trim()
    .min(1, 'Please choose a delivery option')
    .max(64, 'Please choose a delivery option'),
});

/** PUT /api/v1/basket/voucher: a code, or null to remove it. */
export const voucherChoiceSchema = z.object({
  voucher_code: voucherCodeSchema.nullable(),
});

/** The basket email: an address, or null to clear it (entry step). */
export const basketEmailSchema = emailSchema.nullable();

/** PUT /api/v1/basket/loyalty. */
export const loyaltyChoiceSchema = z.object({
  use_loyalty_points: z.boolean({ error: 'Please choose whether to use your buds' }).default(true),
});
