/**
 * Wire shape of the basket (spec section 3, design/api-shapes.md), shared by the
 * server that builds it and the browser that reads it: inferred from its reply schema
 * (replies.ts, ADR 046), so it is written once.
 */
import type { z } from 'zod/mini';
import type {
  addressViewSchema,
  basketItemSchema,
  basketSchema,
  deliveryOptionSchema,
} from './replies.ts';

export type BasketItemView = z.output<typeof basketItemSchema>;
export type DeliveryOptionView = z.output<typeof deliveryOptionSchema>;
/** An address with the name as one line (spec section 3). */
export type AddressView = z.output<typeof addressViewSchema>;
export type BasketView = z.output<typeof basketSchema>;
