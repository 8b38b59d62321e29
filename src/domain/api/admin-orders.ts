/**
 * The back office's order (ADR 047): the Order shape the customer sees, plus what staff
 * work with — its lines with what was sent and refunded, shipments, refunds, the payment
 * in detail, and its timeline. Dispatch and refunds answer with it too.
 */
import { z } from 'zod/mini';
import { CARRIERS } from '../carriers.ts';
import { ORDER_STATUSES } from '../order-status.ts';
import { STAFF_ROLES } from '../staff.ts';
import { amountSchema, named, orderSchema, paymentMethodTypeSchema, wire } from './replies.ts';

const { int, pence, text, nullableText, isoDate } = wire;

/** Who did something: a staff member, or null for the shop itself or the customer. */
export const staffRefSchema = z.nullable(
  z.object({ name: text, email: text, role: z.enum(STAFF_ROLES) }),
);

export const adminOrderLineSchema = named(
  'AdminOrderLine',
  z.object({
    /** What dispatch and refunds name the line by. */
    order_item_id: int,
    product_id: int,
    sku: text,
    name: text,
    quantity: int,
    /** Units that went beyond the stock as pre-orders. */
    preorder_quantity: int,
    is_promotion_item: z.boolean(),
    /** One unit, and the whole line after its discounts, VAT included. */
    unit_price: amountSchema,
    total_price: amountSchema,
    tax_rate_bp: int,
    dispatched: int,
    refunded: int,
  }),
);

export const shipmentSchema = named(
  'Shipment',
  z.object({
    id: int,
    carrier: z.enum(CARRIERS),
    carrier_name: text,
    tracking_number: text,
    /** The carrier's tracking page, or null. */
    tracking_url: nullableText,
    date: isoDate,
    staff: staffRefSchema,
    items: z.array(z.object({ order_item_id: int, name: text, sku: text, quantity: int })),
    /** Earlier carriers and tracking numbers, oldest first (corrections). */
    history: z.array(
      z.object({ carrier: text, tracking_number: text, date: isoDate, staff: staffRefSchema }),
    ),
  }),
);

export const refundSchema = named(
  'Refund',
  z.object({
    id: int,
    /**
     * `pending`: to the payment, reserved and waiting for the gateway's answer (ADR 051;
     * its credit note number reads "Pending"); resolved by a check (ADR 081).
     */
    state: z.enum(['pending', 'completed']),
    credit_note_number: text,
    amount: amountSchema,
    items_amount: pence,
    delivery_amount: pence,
    goodwill_amount: pence,
    tax_amount: pence,
    /** To the payment (the gateway) or as store credit. */
    to: z.enum(['payment', 'credit']),
    /** To the payment: whether the charge was voided or refunded. */
    gateway_kind: z.nullable(z.enum(['void', 'refund'])),
    reason: text,
    restock: z.boolean(),
    date: isoDate,
    staff: staffRefSchema,
    items: z.array(z.object({ order_item_id: int, quantity: int, amount: pence })),
  }),
);

export const timelineEntrySchema = z.object({
  date: isoDate,
  /** placed, paid, failed, cancelled, email_sent, dispatched, tracking_corrected, refunded, note… */
  kind: text,
  summary: text,
  staff: staffRefSchema,
});

export const adminOrderSchema = named(
  'AdminOrder',
  z.object({
    ...orderSchema.shape,
    lines: z.array(adminOrderLineSchema),
    shipments: z.array(shipmentSchema),
    refunds: z.array(refundSchema),
    payment: z.object({
      type: z.nullable(paymentMethodTypeSchema),
      label: text,
      card_type: nullableText,
      last_four: nullableText,
      transaction_id: nullableText,
      /** The 3-D Secure outcome of a card payment, when known. */
      three_d_secure: z.nullable(z.object({ status: text, liability_shifted: z.boolean() })),
      /** Charged to the payment method, store credit spent, refunded so far (both ways). */
      charged: amountSchema,
      credit_used: amountSchema,
      refunded: amountSchema,
      /** What may still be refunded: charged + credit used − refunded. */
      refundable: amountSchema,
    }),
    /** The customer's account, when the order was placed signed in. */
    customer: z.nullable(z.object({ id: int, email: text, name: text })),
    timeline: z.array(timelineEntrySchema),
  }),
  'An order as the back office shows it.',
);

export const adminOrderSummarySchema = named(
  'AdminOrderSummary',
  z.object({
    order_number: text,
    public_id: z.uuid(),
    status: z.enum(ORDER_STATUSES),
    date: isoDate,
    email_address: text,
    name: text,
    postcode: text,
    total: amountSchema,
    item_count: int,
  }),
);

/** What a check of a pending refund with the payment provider came to (ADR 081). */
export const PENDING_REFUND_OUTCOMES = [
  'completed',
  'released',
  'unavailable',
  'too_soon',
  'already_resolved',
] as const;

export const pendingRefundCheckSchema = named(
  'PendingRefundCheck',
  z.object({
    outcome: z.enum(PENDING_REFUND_OUTCOMES),
    /** What it came to, in a sentence staff read. */
    message: text,
    order: adminOrderSchema,
  }),
);

export type AdminOrderView = z.output<typeof adminOrderSchema>;
export type PendingRefundCheckView = z.output<typeof pendingRefundCheckSchema>;
export type AdminOrderLineView = z.output<typeof adminOrderLineSchema>;
export type ShipmentView = z.output<typeof shipmentSchema>;
export type RefundView = z.output<typeof refundSchema>;
export type TimelineEntryView = z.output<typeof timelineEntrySchema>;
export type AdminOrderSummaryView = z.output<typeof adminOrderSummarySchema>;
export type StaffRefView = z.output<typeof staffRefSchema>;
