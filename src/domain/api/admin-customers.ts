/**
 * The back office's customer replies (ADR 066): the customer list, a customer's page
 * (details, addresses, orders, buds, stock alerts), a buds grant, and the UK GDPR export
 * (everything the shop holds about a customer). The server declares its routes with
 * these schemas; the browser imports the inferred types.
 */
import { z } from 'zod/mini';

const int = z.int();
const text = z.string();
const nullableText = z.nullable(z.string());

export const customerSummarySchema = z.object({
  id: int,
  email_address: text,
  /** Title, first and last name, e.g. 'Mrs Ada Lovelace' ('' once erased). */
  name: text,
  /** ISO 8601. */
  created_at: text,
  disabled: z.boolean(),
  erased: z.boolean(),
});

export const customerListSchema = z.object({
  customers: z.array(customerSummarySchema),
  /** Pass as `cursor` for the next page; null on the last page. */
  next_cursor: nullableText,
});

export const customerAddressSchema = z.object({
  id: int,
  /** The spec's address fields (first_name … postcode, country_code, telephone). */
  address: z.record(z.string(), z.nullable(z.string())),
  default_delivery: z.boolean(),
  default_billing: z.boolean(),
});

export const customerOrderSchema = z.object({
  order_number: text,
  status: text,
  /** ISO 8601. */
  created_at: text,
  /** Paid in all (charged + store credit), pence. */
  total: int,
  /** False for an order placed as a guest with the account's email address. */
  on_account: z.boolean(),
});

export const budsEntrySchema = z.object({
  id: int,
  /** ISO 8601. */
  at: text,
  change: int,
  reason: text,
  /** The staff member's name for a grant, or null. */
  staff_name: nullableText,
});

export const customerStockAlertSchema = z.object({
  id: int,
  sku: text,
  name: text,
  /** ISO 8601. */
  created_at: text,
  /** When the back-in-stock email went, or null while waiting. */
  sent_at: nullableText,
});

export const customerDetailSchema = z.object({
  customer: z.object({
    id: int,
    email_address: text,
    title: nullableText,
    first_name: text,
    last_name: text,
    newsletter: z.boolean(),
    /** ISO 8601. */
    created_at: text,
    disabled_at: nullableText,
    erased_at: nullableText,
    credit_balance: int,
  }),
  addresses: z.array(customerAddressSchema),
  /** Newest first (the latest 100), with guest orders under the same email address. */
  orders: z.array(customerOrderSchema),
  buds: z.object({ balance: int, entries: z.array(budsEntrySchema) }),
  stock_alerts: z.array(customerStockAlertSchema),
});

export const budsBalanceSchema = z.object({ balance: int });

export const customerStateSchema = z.object({
  id: int,
  disabled_at: nullableText,
  erased_at: nullableText,
});

/** Rows as stored, with secrets (password hash, tokens) left out. */
const rows = z.array(z.record(z.string(), z.unknown()));

/** Everything the shop holds about a customer (UK GDPR, the right of access). */
export const customerExportSchema = z.object({
  /** ISO 8601. */
  exported_at: text,
  account: z.record(z.string(), z.unknown()),
  /** What they agreed to: the newsletter, basket reminders, and prices shown without VAT. */
  consents: z.record(z.string(), z.unknown()),
  addresses: rows,
  /** Orders (theirs, and guest orders with the same email) with lines and payments. */
  orders: rows,
  /**
   * Their returns (ADR 070): number, order, status, dates, the lines and the reason they
   * chose, and the reason staff gave for refusing one.
   */
  returns: rows,
  buds_ledger: rows,
  credit_ledger: rows,
  wishlists: rows,
  stock_alerts: rows,
  baskets: rows,
  /** Back-office records about them and their orders. */
  audit: rows,
});

export type CustomerSummaryView = z.output<typeof customerSummarySchema>;
export type CustomerListView = z.output<typeof customerListSchema>;
export type CustomerDetailView = z.output<typeof customerDetailSchema>;
export type CustomerExportView = z.output<typeof customerExportSchema>;
export type CustomerStateView = z.output<typeof customerStateSchema>;
