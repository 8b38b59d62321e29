import { z } from 'zod/mini';
import { emailSchema } from './email.ts';
import { MAX_LINE_QUANTITY } from '../basket-limits.ts';
import { voucherCodeSchema } from './voucher.ts';

export { MAX_LINE_QUANTITY };

const quantityMessage = `Please enter a quantity between 1 and ${MAX_LINE_QUANTITY}`;

/** A whole number from JSON, also accepting a string of digits (form posts). */
function wholeNumber(message: string) {
  return z.pipe(
    z.transform((value: unknown) =>
      typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value,
    ),
    z.int({ error: message }),
  );
}

/** Quantity of a line (default 1, spec section 9). */
export const quantitySchema = z._default(
  z.pipe(
    wholeNumber(quantityMessage),
    z.number().check(z.gte(1, quantityMessage), z.lte(MAX_LINE_QUANTITY, quantityMessage)),
  ),
  1,
);

/** POST /api/v1/basket. */
export const addItemSchema = z.object({
  product_id: z.pipe(
    wholeNumber('Please choose a product'),
    z.number().check(z.positive('Please choose a product')),
  ),
  quantity: quantitySchema,
  related_item_id: z.pipe(
    z.nullish(
      z.pipe(
        wholeNumber('Please choose an item in your basket'),
        z.number().check(z.positive('Please choose an item in your basket')),
      ),
    ),
    z.transform((value: number | null | undefined) => value ?? null),
  ),
});

/** PATCH /api/v1/basket/{id}. */
export const updateItemSchema = z.object({ quantity: quantitySchema });

/** PUT /api/v1/basket/delivery. */
export const deliveryChoiceSchema = z.object({
  option_id: z
    .string({ error: 'Please choose a delivery option' })
    .check(
      z.trim(),
      z.minLength(1, 'Please choose a delivery option'),
      z.maxLength(64, 'Please choose a delivery option'),
    ),
});

/** PUT /api/v1/basket/voucher: a code, or null to remove it. */
export const voucherChoiceSchema = z.object({
  voucher_code: z.nullable(voucherCodeSchema),
});

/** The basket email: an address, or null to clear it (entry step). */
export const basketEmailSchema = z.nullable(emailSchema);

/** PUT /api/v1/basket/loyalty. */
export const loyaltyChoiceSchema = z.object({
  use_loyalty_points: z._default(
    z.boolean({ error: 'Please choose whether to use your buds' }),
    true,
  ),
});

/** PUT /api/v1/basket/credit: spend the customer's store credit (ADR 052), or stop. */
export const creditChoiceSchema = z.object({
  use_credit: z._default(
    z.boolean({ error: 'Please choose whether to use your store credit' }),
    true,
  ),
});
