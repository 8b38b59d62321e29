/**
 * Returns on the wire (issue 23, ADR 070): what the customer's order page and the back
 * office read and get back.
 */
import { z } from 'zod/mini';
import { RETURN_STATUSES } from '../returns.ts';
import { named, wire } from './replies.ts';

const { int, text, nullableText, isoDate, day } = wire;

export const returnItemSchema = named(
  'ReturnItem',
  z.object({ order_item_id: int, name: text, quantity: int }),
);

export const returnSchema = named(
  'Return',
  z.object({
    /** e.g. R-000123. */
    return_number: text,
    status: z.enum(RETURN_STATUSES),
    status_label: text,
    reason: text,
    refusal_reason: nullableText,
    items: z.array(returnItemSchema),
    created_at: isoDate,
    received_at: z.nullable(isoDate),
    closed_at: z.nullable(isoDate),
  }),
);
export type ReturnView = z.output<typeof returnSchema>;

/** What the order page needs to offer a return. */
export const orderReturnsSchema = named(
  'OrderReturns',
  z.object({
    returns: z.array(returnSchema),
    /** Lines that may be returned today, and how many of each. */
    returnable: z.array(
      z.object({ order_item_id: int, name: text, quantity: int, return_by: day }),
    ),
    reasons: z.array(z.object({ code: text, label: text })),
    /** Where to send the parcel, one address line each, and the days allowed. */
    instructions: z.object({
      address: z.array(text),
      send_back_days: int,
      refund_days: int,
    }),
  }),
);
export type OrderReturnsView = z.output<typeof orderReturnsSchema>;

/** A return as staff see it. */
export const adminReturnSchema = named(
  'AdminReturn',
  z.object({
    ...returnSchema.shape,
    order_number: text,
    email_address: text,
    refund: z.nullable(
      z.object({
        state: z.enum(['pending', 'completed']),
        credit_note_number: nullableText,
        amount: int,
      }),
    ),
  }),
);
export type AdminReturnView = z.output<typeof adminReturnSchema>;

/** A reason customers choose from, as staff manage it (ADR 070). */
export const returnReasonSchema = named(
  'ReturnReason',
  z.object({
    code: text,
    label: text,
    position: int,
    /** false: retired — no longer offered; returns that chose it keep its wording. */
    active: z.boolean(),
    /** How many returns chose it. */
    returns: int,
  }),
);
export type ReturnReasonView = z.output<typeof returnReasonSchema>;

/** The return rules and reasons (the back office's screen). */
export const returnRulesSchema = named(
  'ReturnRules',
  z.object({
    /** Days after deemed delivery a return may be started. */
    window_days: int,
    /** Days the customer has to send the goods back (promised in the email). */
    send_back_days: int,
    /** Days within which the refund is made once the goods are back (promised too). */
    refund_days: int,
    /** Where parcels go, one line each. */
    address: z.array(text),
    /** In the order customers see them, retired ones too. */
    reasons: z.array(returnReasonSchema),
  }),
);
export type ReturnRulesView = z.output<typeof returnRulesSchema>;
