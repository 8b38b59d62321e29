/**
 * POST /api/v1/basket/order (spec section 7): the payment result the browser hands to
 * order creation. Both strings are empty for a free basket; whether a nonce is needed
 * is the server's call (the basket's payment_required), so they may be missing here.
 * `expected_total` is this shop's addition: the total the shopper saw.
 */
import { z } from 'zod/mini';

const paymentText = (max: number) =>
  z._default(z.string({ error: 'Please send text' }).check(z.maxLength(max)), '');

export const placeOrderSchema = z.object({
  payment_method_nonce: paymentText(4096),
  // Braintree's device data is a small JSON string.
  device_data: paymentText(16_384),
  save_payment_method: z.optional(z.boolean({ error: 'Please send true or false' })),
  // The total the shopper was shown and agreed to pay, in pence (see PlaceOrderRequest).
  expected_total: z.optional(
    z
      .int({ error: 'Please send a whole number of pence' })
      .check(z.minimum(0, { error: 'Please send a whole number of pence' })),
  ),
});
