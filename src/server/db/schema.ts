/**
 * Kysely table types, mirroring migrations/*.sql. Columns are snake_case as in SQL.
 */
import type { ColumnType, Generated } from 'kysely';
import type { Carrier } from '../../domain/carriers.ts';
import type { StaffRole } from '../../domain/staff.ts';

type CreatedAt = ColumnType<Date, string | undefined, never>;
type UpdatedAt = ColumnType<Date, string | undefined, string>;
/** A `date` column, read as 'yyyy-MM-dd' (see client.ts type parsers). */
type DateColumn = string;
/** A jsonb column: written as a JSON string, read as the parsed value. */
type Json<T> = ColumnType<T, string, string>;

export interface CategoriesTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: Generated<string>;
  position: Generated<number>;
}

export interface ProductsTable {
  id: Generated<number>;
  parent_id: number | null;
  slug: string;
  sku: string;
  name: string;
  description: Generated<string>;
  category_id: number;
  price: Generated<number>;
  tax_rate_bp: Generated<number>;
  weight_g: Generated<number>;
  length_mm: Generated<number>;
  height_mm: Generated<number>;
  volume_cm3: Generated<number>;
  quantity_on_hand: Generated<number>;
  is_preorder: Generated<boolean>;
  restock_date: DateColumn | null;
  discontinued: Generated<boolean>;
  is_bundle: Generated<boolean>;
  /** Exempt from VAT (tax_rate_bp is then 0): reported apart from zero-rated (ADR 062). */
  vat_exempt: Generated<boolean>;
  /** The picture's path under the media folder, e.g. 'products/fern.1a2b3c4d5e.svg'. */
  image_path: string;
  position: Generated<number>;
  created_at: CreatedAt;
}

export interface ProductOptionsTable {
  id: Generated<number>;
  slug: string;
  name: string;
  position: Generated<number>;
}

export interface ProductOptionValuesTable {
  id: Generated<number>;
  option_id: number;
  slug: string;
  name: string;
  position: Generated<number>;
}

export interface ProductVariationValuesTable {
  product_id: number;
  option_value_id: number;
}

/** A product family's former slug: its old address answers 301 (ADR 062). */
export interface ProductSlugRedirectsTable {
  old_slug: string;
  product_id: number;
  created_at: CreatedAt;
}

export interface BundleComponentsTable {
  bundle_id: number;
  component_id: number;
  quantity: Generated<number>;
}

export interface DeliveryZonesTable {
  id: string;
  name: string;
  tax_exempt: Generated<boolean>;
}

export interface DeliveryZoneRulesTable {
  id: Generated<number>;
  zone_id: string;
  country_code: string;
  postcode_pattern: string | null;
  priority: Generated<number>;
}

/** UK bank holidays by division (ADR 065). */
export interface BankHolidaysTable {
  division: string;
  day: DateColumn;
  title: string;
}

/** The shop's own closing days, both ends included (ADR 065). */
export interface DeliveryClosuresTable {
  id: Generated<number>;
  starts_on: DateColumn;
  ends_on: DateColumn;
  reason: string;
  created_at: CreatedAt;
}

export interface DeliveryOptionsTable {
  id: string;
  zone_id: string;
  name: string;
  description: Generated<string>;
  price: number;
  free_over: number | null;
  tax_rate_bp: Generated<number>;
  position: Generated<number>;
  active: Generated<boolean>;
  /** Working days from dispatch to delivery. */
  min_days: Generated<number>;
  max_days: Generated<number>;
  /** UK hour before which an order is dispatched the same working day; null: none. */
  cutoff_hour: number | null;
  /** Delivered on this ISO weekday only (6 = Saturday), or null. */
  delivery_weekday: number | null;
  /** When staff retired it (ADR 082): kept for the orders that used it, offered to nobody. */
  retired_at: Date | string | null;
}

export interface VouchersTable {
  code: string;
  description: string;
  kind: 'percent_items' | 'fixed_items' | 'free_delivery' | 'percent_order';
  value: Generated<number>;
  min_spend: Generated<number>;
  starts_at: Date | string | null;
  expires_at: Date | string | null;
  active: Generated<boolean>;
  /** Limits on uses (migration 032, ADR 064); null: no limit. */
  max_uses: number | null;
  max_uses_per_customer: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface PromotionsTable {
  id: Generated<number>;
  name: string;
  kind: 'free_gift';
  threshold: number;
  gift_product_id: number;
  badge: string;
  starts_at: Date | string | null;
  ends_at: Date | string | null;
  active: Generated<boolean>;
}

/** An address as stored in a basket: the spec's field names, unprefixed. */
export type StoredAddress = Record<string, string | null>;

export interface BasketsTable {
  id: string;
  status: Generated<'open' | 'ordered' | 'merged'>;
  email_address: string | null;
  delivery_address: Json<StoredAddress | null> | null;
  billing_address: Json<StoredAddress | null> | null;
  delivery_option_id: string | null;
  delivery_safe_place: string | null;
  delivery_safe_place_option: string | null;
  delivery_safe_place_option_note: string | null;
  voucher_code: string | null;
  use_loyalty_points: Generated<boolean>;
  /** Spend the customer's store credit on it (migration 026, ADR 052). */
  use_credit: Generated<boolean>;
  version: Generated<number>;
  user_id: number | null;
  /** When its one abandoned-basket reminder was claimed (migration 044, ADR 077). */
  reminded_at: Date | string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface BasketItemsTable {
  id: Generated<number>;
  basket_id: string;
  product_id: number;
  quantity: number;
  related_item_id: number | null;
  created_at: CreatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  email_address: string;
  password_hash: string;
  title: string | null;
  first_name: string;
  last_name: string;
  prices_exclude_tax: Generated<boolean>;
  newsletter: Generated<boolean>;
  /** Abandoned-basket reminders wanted (migration 044, ADR 077); off by default. */
  basket_reminders: Generated<boolean>;
  /** When they were switched on (the record of consent); null while off. */
  basket_reminders_at: Date | string | null;
  /** Store credit, pence (migration 021; its ledger is credit_ledger). */
  credit_balance: Generated<number>;
  /** A disabled account cannot sign in (migration 034, ADR 066). */
  disabled_at: Date | string | null;
  /** Its personal data replaced (UK GDPR erasure, migration 034, ADR 066). */
  erased_at: Date | string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AuthTokensTable {
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Date | string;
  revoked_at: Date | string | null;
}

export interface PasswordResetsTable {
  token_hash: string;
  user_id: number;
  created_at: CreatedAt;
  expires_at: Date | string;
  used_at: Date | string | null;
}

export interface UserAddressesTable {
  id: Generated<number>;
  user_id: number;
  address: Json<StoredAddress>;
  default_delivery: Generated<boolean>;
  default_billing: Generated<boolean>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface LoyaltyLedgerTable {
  id: Generated<number>;
  user_id: number;
  change: number;
  reason: string;
  /** The staff member who granted them (migration 034), or null. */
  staff_id: Generated<number | null>;
  created_at: CreatedAt;
}

export interface RateLimitsTable {
  key: string;
  hits: number;
  window_start: Date | string;
}

export interface OutboxEmailsTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  created_at: CreatedAt;
  /** Files sent with it (migration 041): content base64-encoded. */
  attachments: Json<StoredAttachment[] | null> | null;
}

/** An email attachment as the outbox keeps it (migration 041). */
export interface StoredAttachment {
  filename: string;
  content_type: string;
  size: number;
  content: string;
}

export interface BasketSharesTable {
  id: string;
  basket_id: string;
  created_at: CreatedAt;
  expires_at: Date | string;
}

export type OrderStatusColumn =
  | 'pending'
  | 'paid'
  | 'partially_dispatched'
  | 'dispatched'
  | 'cancelled'
  | 'refunded'
  | 'partially_refunded'
  | 'failed';

/** Stock an order took from one product, and how many went beyond it as pre-orders. */
export interface StockReservation {
  product_id: number;
  quantity: number;
  preorder: number;
}

export interface OrdersTable {
  id: Generated<number>;
  public_id: string;
  order_number: string;
  basket_id: string | null;
  user_id: number | null;
  email_address: string;
  status: Generated<OrderStatusColumn>;
  amount: number;
  /** The priced basket as ordered (OrderSnapshot in order.repository.ts). */
  snapshot: Json<unknown>;
  reservations: ColumnType<StockReservation[], string | undefined, string>;
  payment_type: string | null;
  payment_card_type: string | null;
  payment_last_four: string | null;
  transaction_id: string | null;
  failure_type: string | null;
  failure_message: string | null;
  idempotency_key: string | null;
  buds_used: Generated<number>;
  buds_earned: Generated<number>;
  /** A cancellation under way (migration 013, ADR 023). */
  cancel_claimed_at: Date | null;
  cancelled_at: Date | null;
  reversal_kind: 'void' | 'refund' | null;
  /** Back office (migration 021, ADR 047). */
  paid_at: Date | string | null;
  credit_used: Generated<number>;
  refunded_amount: Generated<number>;
  search_text: ColumnType<string, never, never>;
  /** The card payment's 3-D Secure outcome (migration 023, ADR 054). */
  three_d_secure: Json<{ status: string; liability_shifted: boolean } | null> | null;
  /** The discount code the order used, and what it took off (migration 032, ADR 064). */
  voucher_code: string | null;
  voucher_discount: Generated<number>;
  /** Sales figures from the snapshot, generated (migration 035, ADR 067). */
  sales_discount: ColumnType<number, never, never>;
  sales_delivery: ColumnType<number, never, never>;
  sales_tax: ColumnType<number, never, never>;
  sales_delivery_option: ColumnType<string | null, never, never>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface StaffTable {
  id: Generated<number>;
  email: string;
  name: string;
  role: StaffRole;
  password_hash: string | null;
  totp_secret: string | null;
  totp_last_step: number | null;
  setup_token_hash: string | null;
  setup_expires_at: Date | string | null;
  disabled_at: Date | string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface StaffSessionsTable {
  token_hash: string;
  staff_id: number;
  created_at: CreatedAt;
  last_seen_at: Generated<Date | string>;
}

/** One back-office write (append only: a trigger refuses UPDATE and DELETE). */
export interface AuditLogTable {
  id: Generated<number>;
  at: CreatedAt;
  staff_id: number | null;
  actor: string;
  action: string;
  entity_type: string;
  entity_id: string;
  before: Json<unknown> | null;
  after: Json<unknown> | null;
  reason: string | null;
  ip: string | null;
}

/** An order's line as a row (made from its snapshot by a trigger, migration 021). */
export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  basket_item_id: string;
  product_id: number;
  sku: string;
  name: string;
  quantity: number;
  preorder_quantity: Generated<number>;
  unit_price: number;
  total_price: number;
  tax_rate_bp: Generated<number>;
  is_promotion_item: Generated<boolean>;
  dispatched: Generated<number>;
  refunded: Generated<number>;
  /** The line's VAT as the order priced it (migration 035, ADR 067). */
  tax_amount: Generated<number>;
  /** Units in returns not refused (migration 040, ADR 070). */
  returned: Generated<number>;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  at: CreatedAt;
  kind: string;
  staff_id: number | null;
  summary: string;
  detail: Json<unknown> | null;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: number;
  change: number;
  balance_after: number;
  kind: 'refund' | 'goodwill' | 'spent' | 'returned';
  reason: string;
  order_id: number | null;
  staff_id: number | null;
  created_at: CreatedAt;
}

/** A family's uploaded picture (migration 031, ADR 063). */
export interface ProductPicturesTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  alt: string;
  hash: string;
  width: number;
  height: number;
  source_type: string;
  bytes: number;
  widths: number[];
  staff_id: number | null;
  created_at: CreatedAt;
  removed_at: Date | string | null;
}

export interface StockMovementsTable {
  id: Generated<number>;
  product_id: number;
  change: number;
  before: number;
  after: number;
  reason: string;
  note: string | null;
  staff_id: number | null;
  order_id: number | null;
  created_at: CreatedAt;
}

export interface ShipmentsTable {
  id: Generated<number>;
  order_id: number;
  carrier: Carrier;
  tracking_number: Generated<string>;
  staff_id: number | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ShipmentItemsTable {
  shipment_id: number;
  order_item_id: number;
  quantity: number;
}

export interface ShipmentTrackingHistoryTable {
  id: Generated<number>;
  shipment_id: number;
  carrier: string;
  tracking_number: string;
  staff_id: number | null;
  changed_at: CreatedAt;
}

export interface RefundsTable {
  id: Generated<number>;
  order_id: number;
  /** Null while the refund is pending (migration 025). */
  credit_note_number: string | null;
  /** pending: reserved, the gateway not yet answered (migration 025, ADR 051). */
  state: Generated<'pending' | 'completed'>;
  amount: number;
  items_amount: Generated<number>;
  delivery_amount: Generated<number>;
  goodwill_amount: Generated<number>;
  tax_amount: Generated<number>;
  destination: 'payment' | 'credit';
  gateway_kind: 'void' | 'refund' | null;
  gateway_transaction_id: string | null;
  reason: string;
  restock: Generated<boolean>;
  staff_id: number | null;
  created_at: CreatedAt;
  /** The seller its credit note names, set when completed (migration 041). */
  seller: Json<StoredSeller | null> | null;
  /** The credit note of the order's cancellation (migration 045, ADR 078): one per order. */
  cancellation: Generated<boolean>;
}

/**
 * Sales by UK day (migration 037, ADR 068), kept by triggers: `rate` -1 holds whole orders'
 * and refunds' figures, a rate in basis points that rate's lines; `slot` is the order id mod 16.
 * Bigint sums arrive as strings from PostgreSQL.
 */
export interface SalesDaysTable {
  day: ColumnType<string, string, never>;
  delivery_option: string;
  rate: number;
  slot: number;
  orders: ColumnType<string | number, number, number>;
  takings: ColumnType<string | number, number, number>;
  discounts: ColumnType<string | number, number, number>;
  delivery: ColumnType<string | number, number, number>;
  tax: ColumnType<string | number, number, number>;
  items: ColumnType<string | number, number, number>;
  refunds: ColumnType<string | number, number, number>;
  refund_tax: ColumnType<string | number, number, number>;
}

export interface RefundItemsTable {
  refund_id: number;
  order_item_id: number;
  quantity: number;
  amount: number;
  tax_amount: Generated<number>;
}

/** The returns rules, one row (migration 040, ADR 070). */
export interface ReturnSettingsTable {
  id: Generated<boolean>;
  window_days: Generated<number>;
  send_back_days: Generated<number>;
  refund_days: Generated<number>;
  address: Generated<string>;
}

export interface ReturnReasonsTable {
  code: string;
  label: string;
  position: Generated<number>;
  active: Generated<boolean>;
}

export interface ReturnsTable {
  id: Generated<number>;
  return_number: Generated<string>;
  order_id: number;
  status: Generated<'requested' | 'received' | 'refunded' | 'refused'>;
  reason_code: string;
  reason_label: string;
  refusal_reason: string | null;
  refund_id: number | null;
  user_id: number | null;
  created_at: CreatedAt;
  received_at: Date | null;
  closed_at: Date | null;
  updated_at: UpdatedAt;
}

export interface ReturnItemsTable {
  return_id: number;
  order_item_id: number;
  quantity: number;
}

export interface DocumentSequencesTable {
  kind: string;
  last_used: Generated<number>;
}

/** The seller on an issued document (migration 041). */
export interface StoredSeller {
  name: string;
  address: string[];
  vat_number: string;
}

/** One line of an issued invoice (migration 041). */
export interface StoredInvoiceLine {
  description: string;
  sku: string | null;
  quantity: number;
  unit_price: number;
  gross: number;
  rate_bp: number;
  tax: number;
  promotion: boolean;
}

/** An order's VAT invoice as issued (migration 041, ADR 071). */
export interface InvoicesTable {
  id: Generated<number>;
  order_id: number;
  invoice_number: string;
  issued_at: CreatedAt;
  supplied_at: Date | string;
  seller: Json<StoredSeller>;
  customer: Json<StoredAddress | null> | null;
  lines: Json<StoredInvoiceLine[]>;
  delivery_gross: number;
  delivery_tax: number;
  delivery_rate_bp: number;
  tax_exempt: Generated<boolean>;
  gross: number;
  tax: number;
}

/** Payment attempts counted against card testing (ADR 040, migration 018). */
export interface PaymentAttemptsTable {
  attempt_id: string;
  key: string;
  failed: Generated<boolean>;
  at: Date | string;
}

export interface PaymentLedgerTable {
  id: Generated<number>;
  transaction_id: string;
  order_id: string | null;
  kind: 'verification' | 'sale' | 'void' | 'refund';
  /** Pence. */
  amount: number;
  status: string;
  charged: Generated<boolean>;
  payment_type: string | null;
  nonce_class: string | null;
  card_type: string | null;
  last_four: string | null;
  response_text: string | null;
  reverses: string | null;
  created_at: CreatedAt;
}

/** What 3-D Secure decided for a test-mode nonce. */
export interface TestThreeDSecure {
  status: string;
  liabilityShifted: boolean;
  liabilityShiftPossible: boolean;
}

/** Card or wallet details a test-mode nonce carries (braintree-web's `details`). */
export interface TestNonceDetails {
  cardType?: string;
  lastFour?: string;
  bin?: string;
  expirationMonth?: string;
  expirationYear?: string;
  cardholderName?: string;
  email?: string;
}

export interface TestGatewayNoncesTable {
  nonce: string;
  type: string;
  nonce_class: string;
  details: Json<TestNonceDetails>;
  three_d_secure: Json<TestThreeDSecure | null>;
  vault_token: string | null;
  consumed_at: Date | string | null;
  created_at: CreatedAt;
}

export interface TestGatewayVaultTable {
  token: string;
  customer_id: string;
  is_default: Generated<boolean>;
  nonce_class: string;
  card_type: string;
  last_four: string;
  bin: string;
  expiration_month: string;
  expiration_year: string;
  cardholder_name: string | null;
  created_at: CreatedAt;
}

export interface WishlistsTable {
  id: Generated<number>;
  user_id: number;
  share_id: string | null;
  created_at: CreatedAt;
}

export interface WishlistItemsTable {
  id: Generated<number>;
  wishlist_id: number;
  product_id: number;
  added_at: CreatedAt;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: CreatedAt;
}

export interface StockNotificationsTable {
  id: Generated<number>;
  product_id: number;
  email_address: string;
  created_at: CreatedAt;
  claimed_at: Date | null;
  sent_at: Date | null;
}

export interface Database {
  categories: CategoriesTable;
  products: ProductsTable;
  product_options: ProductOptionsTable;
  product_option_values: ProductOptionValuesTable;
  product_variation_values: ProductVariationValuesTable;
  bundle_components: BundleComponentsTable;
  product_slug_redirects: ProductSlugRedirectsTable;
  delivery_zones: DeliveryZonesTable;
  delivery_zone_rules: DeliveryZoneRulesTable;
  delivery_options: DeliveryOptionsTable;
  bank_holidays: BankHolidaysTable;
  delivery_closures: DeliveryClosuresTable;
  vouchers: VouchersTable;
  promotions: PromotionsTable;
  baskets: BasketsTable;
  basket_items: BasketItemsTable;
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  password_resets: PasswordResetsTable;
  user_addresses: UserAddressesTable;
  loyalty_ledger: LoyaltyLedgerTable;
  rate_limits: RateLimitsTable;
  outbox_emails: OutboxEmailsTable;
  basket_shares: BasketSharesTable;
  orders: OrdersTable;
  payment_ledger: PaymentLedgerTable;
  payment_attempts: PaymentAttemptsTable;
  test_gateway_nonces: TestGatewayNoncesTable;
  test_gateway_vault: TestGatewayVaultTable;
  wishlists: WishlistsTable;
  wishlist_items: WishlistItemsTable;
  stock_notifications: StockNotificationsTable;
  schema_migrations: SchemaMigrationsTable;
  staff: StaffTable;
  staff_sessions: StaffSessionsTable;
  audit_log: AuditLogTable;
  order_items: OrderItemsTable;
  order_events: OrderEventsTable;
  credit_ledger: CreditLedgerTable;
  stock_movements: StockMovementsTable;
  product_pictures: ProductPicturesTable;
  document_sequences: DocumentSequencesTable;
  invoices: InvoicesTable;
  shipments: ShipmentsTable;
  shipment_items: ShipmentItemsTable;
  shipment_tracking_history: ShipmentTrackingHistoryTable;
  refunds: RefundsTable;
  refund_items: RefundItemsTable;
  return_settings: ReturnSettingsTable;
  return_reasons: ReturnReasonsTable;
  returns: ReturnsTable;
  return_items: ReturnItemsTable;
  sales_days: SalesDaysTable;
}
