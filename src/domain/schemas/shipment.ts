/**
 * Dispatching an order (ADR 050): POST /admin/orders/{order_number}/shipments and the
 * tracking correction (PATCH …/shipments/{id}), checked the same way by the API and the
 * back office's dispatch panel, so both give the same messages.
 */
import { z } from 'zod/mini';
import { CARRIERS, type Carrier } from '../carriers.ts';

export const TRACKING_NUMBER_MAX = 64;
/** Letters, digits, spaces and dashes: what carriers print. Markup cannot pass. */
export const TRACKING_NUMBER_PATTERN = /^[A-Za-z0-9 -]*$/;
export const TRACKING_NUMBER_MESSAGE = 'Please enter letters, digits, spaces and dashes only';
export const TRACKING_NUMBER_REQUIRED = 'Please enter the tracking number';
export const CARRIER_MESSAGE = 'Please choose a carrier';
const QUANTITY_MESSAGE = 'Please enter a whole number of at least 1';
const LINE_MESSAGE = 'Please choose a line of this order';

export const carrierSchema = z.enum(CARRIERS, { error: CARRIER_MESSAGE });

export const trackingNumberSchema = z
  .string({ error: TRACKING_NUMBER_MESSAGE })
  .check(
    z.trim(),
    z.maxLength(TRACKING_NUMBER_MAX, `Please enter no more than ${TRACKING_NUMBER_MAX} characters`),
    z.regex(TRACKING_NUMBER_PATTERN, TRACKING_NUMBER_MESSAGE),
  );

/** Whether a carrier needs a tracking number ('other' may have none). */
export const needsTrackingNumber = (carrier: Carrier) => carrier !== 'other';

export const shipmentItemSchema = z.object({
  order_item_id: z
    .int({ error: LINE_MESSAGE })
    .check(z.positive(LINE_MESSAGE), z.lte(2_147_483_647, LINE_MESSAGE)),
  quantity: z
    .int({ error: QUANTITY_MESSAGE })
    .check(z.positive(QUANTITY_MESSAGE), z.lte(100_000, 'Please enter a smaller quantity')),
});

export const createShipmentSchema = z.object({
  items: z
    .array(shipmentItemSchema, { error: 'Please choose what goes in the parcel' })
    .check(
      z.minLength(1, 'Please choose what goes in the parcel'),
      z.maxLength(500, 'Please send fewer lines in one parcel'),
    ),
  carrier: carrierSchema,
  tracking_number: z._default(trackingNumberSchema, ''),
});
export type CreateShipmentInput = z.output<typeof createShipmentSchema>;

export const correctShipmentSchema = z.object({
  carrier: z.optional(carrierSchema),
  tracking_number: z.optional(trackingNumberSchema),
});
export type CorrectShipmentInput = z.output<typeof correctShipmentSchema>;
