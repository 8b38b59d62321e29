/**
 * Customers for the back office and UK GDPR (ADR 066): finding them, what a customer's
 * page shows, buds granted by staff, disabling an account, and the export and erasure
 * of everything the shop holds about one.
 *
 * Finding: newest first by id, keyset-paged (`id < cursor`); a search is the union of
 * three trigram-indexed lookups (migration 034 and 021) — the account's email and name
 * (`users_search_trgm_idx`), saved addresses' postcodes (`user_addresses_postcode_trgm_idx`)
 * and the orders' email, name and postcode (`orders_search_trgm_idx`) — so each side
 * narrows to its matches before the accounts are read.
 *
 * A customer's data is reached by their account's id and, for what a shopper leaves
 * without signing in (guest orders, baskets, back-in-stock sign-ups), by their email
 * address (`orders_email_idx`, `baskets_email_idx`, `stock_notifications_email_idx`).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/client.ts';

/** What the list shows of an account. */
export interface CustomerRow {
  id: number;
  email_address: string;
  title: string | null;
  first_name: string;
  last_name: string;
  created_at: Date | string;
  disabled_at: Date | string | null;
  erased_at: Date | string | null;
}

export interface CustomerRecord extends CustomerRow {
  newsletter: boolean;
  prices_exclude_tax: boolean;
  credit_balance: number;
}

/** Orders that still need the customer's details: to be paid for or sent. */
const OPEN_ORDER = sql<boolean>`(o.status IN ('pending', 'paid', 'partially_dispatched')
  OR (o.status = 'partially_refunded' AND EXISTS (
    SELECT 1 FROM order_items w
    WHERE w.order_id = o.id AND w.dispatched + w.refunded < w.quantity)))`;

/** The customer's orders: on the account, or placed as a guest with its email address. */
function ordersOf(userId: number, email: string): RawBuilder<boolean> {
  return sql<boolean>`(o.user_id = ${userId} OR lower(o.email_address) = ${email.toLowerCase()})`;
}

/** `text` as a PostgreSQL regular expression matching it literally. */
function literalRegex(text: string): string {
  return text.replace(/[^A-Za-z0-9]/g, (c) => `\\${c}`);
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** What an erasure did, counted (the audit record holds these, never the data). */
export interface ErasureCounts {
  orders_kept: number;
  returns_kept: number;
  addresses_deleted: number;
  stock_alerts_deleted: number;
  wishlists_deleted: number;
  baskets_cleared: number;
  sessions_ended: number;
}

/** Ends every session of the account now; how many were live. */
async function endSessions(trx: Db, userId: number): Promise<number> {
  const ended = await trx
    .updateTable('auth_tokens')
    .set({ revoked_at: sql<string>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('token_hash')
    .execute();
  await trx
    .updateTable('password_resets')
    .set({ used_at: sql<string>`now()` })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  return ended.length;
}

/**
 * Whether a LIKE pattern (`%text%`, escaped) could match inside a postcode with its spaces
 * out: at most 10 letters, digits or hyphens (a UK postcode is at most 7).
 */
export function couldBeInPostcode(pattern: string): boolean {
  const text = pattern.slice(1, -1).replace(/\\(.)/g, '$1');
  return text.length <= 10 && /^[a-z0-9-]*$/i.test(text);
}

export function customersRepository(db: Db) {
  return {
    /**
     * One page of accounts, newest first. `patterns` are LIKE patterns (lower-cased,
     * escaped) for the email and name; `compact` the same without spaces, for postcodes.
     */
    async list(criteria: {
      patterns?: readonly string[];
      compact?: readonly string[];
      /** A whole email address (lower-cased): found by equality, not by trigrams. */
      email?: string;
      beforeId?: number;
      limit: number;
    }): Promise<CustomerRow[]> {
      let query = db
        .selectFrom('users as u')
        .select([
          'u.id',
          'u.email_address',
          'u.title',
          'u.first_name',
          'u.last_name',
          'u.created_at',
          'u.disabled_at',
          'u.erased_at',
        ])
        .orderBy('u.id', 'desc')
        .limit(criteria.limit);
      if (criteria.beforeId !== undefined) query = query.where('u.id', '<', criteria.beforeId);
      // Each side keeps only its newest `limit` accounts below the cursor: the page is
      // the newest of their union, so it is among them, and the union stays small.
      const below =
        criteria.beforeId === undefined ? sql`` : sql` AND ${sql.ref('k')} < ${criteria.beforeId}`;
      const newest = (from: RawBuilder<unknown>) =>
        sql`(SELECT DISTINCT k FROM ${from} AS side WHERE k IS NOT NULL${below}
             ORDER BY k DESC LIMIT ${criteria.limit})`;
      if (criteria.email !== undefined) {
        // The unique index on users.email_address and orders_email_idx (migration 034).
        const found = sql<number>`(
          SELECT k FROM ${newest(sql`(SELECT id AS k FROM users WHERE email_address = ${criteria.email})`)} a
          UNION
          SELECT k FROM ${newest(sql`(SELECT user_id AS k FROM orders WHERE lower(email_address) = ${criteria.email})`)} b
        )`;
        return query.where(sql<boolean>`u.id IN ${found}`).execute();
      }
      const patterns = criteria.patterns ?? [];
      if (patterns.length > 0) {
        const compact = criteria.compact?.length ? criteria.compact : patterns;
        const anyOf = (expression: RawBuilder<string>, list: readonly string[]) =>
          sql.join(
            list.map((pattern) => sql`${expression} LIKE ${pattern}`),
            sql` OR `,
          );
        const account = sql<string>`lower(email_address || ' ' || first_name || ' ' || last_name)`;
        const postcode = sql<string>`lower(replace(coalesce(address ->> 'postcode', ''), ' ', ''))`;
        const orderText = anyOf(sql<string>`search_text`, [...new Set([...patterns, ...compact])]);
        // Text no postcode can hold (an email, a long name) skips the postcodes' index: its
        // common trigrams would be read for nothing (ADR 068).
        const postcodes = compact.filter(couldBeInPostcode);
        const byPostcode = postcodes.length
          ? sql`UNION
          SELECT k FROM ${newest(sql`(SELECT user_id AS k FROM user_addresses WHERE ${anyOf(postcode, postcodes)})`)} b`
          : sql``;
        // Orders placed from an account only (orders_account_search_trgm_idx, migration 037):
        // a guest's order names no account to list.
        const found = sql<number>`(
          SELECT k FROM ${newest(sql`(SELECT id AS k FROM users WHERE ${anyOf(account, patterns)})`)} a
          ${byPostcode}
          UNION
          SELECT k FROM ${newest(sql`(SELECT user_id AS k FROM orders WHERE user_id IS NOT NULL AND (${orderText}))`)} c
        )`;
        query = query.where(sql<boolean>`u.id IN ${found}`);
      }
      return query.execute();
    },

    async find(id: number): Promise<CustomerRecord | undefined> {
      return db
        .selectFrom('users')
        .select([
          'id',
          'email_address',
          'title',
          'first_name',
          'last_name',
          'created_at',
          'disabled_at',
          'erased_at',
          'newsletter',
          'prices_exclude_tax',
          'credit_balance',
        ])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async addresses(userId: number) {
      return db
        .selectFrom('user_addresses')
        .select(['id', 'address', 'default_delivery', 'default_billing'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    /** The latest orders, newest first: on the account or as a guest with its email. */
    async orders(userId: number, email: string, limit = 100) {
      const rows = await db
        .selectFrom('orders as o')
        .select([
          'o.order_number',
          'o.status',
          'o.created_at',
          'o.user_id',
          sql<number>`o.amount + o.credit_used`.as('total'),
        ])
        .where(ordersOf(userId, email))
        .orderBy('o.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        order_number: row.order_number,
        status: row.status,
        created_at: new Date(row.created_at).toISOString(),
        total: Number(row.total),
        on_account: row.user_id === userId,
      }));
    },

    async budsBalance(userId: number, on: Db = db): Promise<number> {
      const row = await on
        .selectFrom('loyalty_ledger')
        .select(sql<string>`coalesce(sum(change), 0)`.as('buds'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.buds ?? 0);
    },

    async budsEntries(userId: number, limit = 100) {
      const rows = await db
        .selectFrom('loyalty_ledger as l')
        .leftJoin('staff as s', 's.id', 'l.staff_id')
        .select(['l.id', 'l.created_at', 'l.change', 'l.reason', 's.name as staff_name'])
        .where('l.user_id', '=', userId)
        .orderBy('l.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        at: new Date(row.created_at).toISOString(),
        change: row.change,
        reason: row.reason,
        staff_name: row.staff_name,
      }));
    },

    async stockAlerts(email: string) {
      const rows = await db
        .selectFrom('stock_notifications as n')
        .innerJoin('products as p', 'p.id', 'n.product_id')
        .select(['n.id', 'p.sku', 'p.name', 'n.created_at', 'n.sent_at'])
        .where('n.email_address', '=', email.toLowerCase())
        .orderBy('n.id', 'desc')
        .limit(100)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        sku: row.sku,
        name: row.name,
        created_at: new Date(row.created_at).toISOString(),
        sent_at: iso(row.sent_at),
      }));
    },

    /** The account's row, locked until the transaction ends (one write at a time). */
    async lock(trx: Db, id: number): Promise<CustomerRecord | undefined> {
      return trx
        .selectFrom('users')
        .select([
          'id',
          'email_address',
          'title',
          'first_name',
          'last_name',
          'created_at',
          'disabled_at',
          'erased_at',
          'newsletter',
          'prices_exclude_tax',
          'credit_balance',
        ])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async addBuds(
      trx: Db,
      entry: { userId: number; change: number; reason: string; staffId: number | null },
    ) {
      await trx
        .insertInto('loyalty_ledger')
        .values({
          user_id: entry.userId,
          change: entry.change,
          reason: entry.reason,
          staff_id: entry.staffId,
        })
        .execute();
    },

    endSessions,

    async setDisabled(trx: Db, userId: number, disabled: boolean) {
      return trx
        .updateTable('users')
        .set({
          disabled_at: disabled ? sql<string>`now()` : null,
          updated_at: sql<string>`now()`,
        })
        .where('id', '=', userId)
        .returning(['id', 'disabled_at', 'erased_at'])
        .executeTakeFirstOrThrow();
    },

    /** Order numbers of the customer's orders still to be paid for or sent. */
    async openOrders(trx: Db, userId: number, email: string): Promise<string[]> {
      const rows = await trx
        .selectFrom('orders as o')
        .select('o.order_number')
        .where(ordersOf(userId, email))
        .where(OPEN_ORDER)
        .execute();
      return rows.map((row) => row.order_number);
    },

    /** The customer's returns not yet refunded nor refused (ADR 070), oldest first. */
    async openReturns(
      trx: Db,
      userId: number,
      email: string,
    ): Promise<{ return_number: string; order_number: string }[]> {
      return trx
        .selectFrom('returns as r')
        .innerJoin('orders as o', 'o.id', 'r.order_id')
        .select(['r.return_number', 'o.order_number'])
        .where(ordersOf(userId, email))
        .where('r.status', 'in', ['requested', 'received'])
        .orderBy('r.id')
        .execute();
    },

    /**
     * Replaces the customer's personal data (ADR 066), in the caller's transaction:
     * orders kept with the email, name, address and safe place removed (the country
     * stays, for VAT); their events' mentions of the email address replaced; baskets
     * emptied of addresses; saved addresses, back-in-stock sign-ups, wishlists, reset
     * links, rate-limit counters naming the address and outbox copies deleted; sessions
     * ended; the account's email, names and password replaced and the account disabled.
     */
    async erase(trx: Db, customer: CustomerRecord): Promise<ErasureCounts> {
      const userId = customer.id;
      const email = customer.email_address.toLowerCase();
      const placeholder = `erased-${userId}@erased.invalid`;
      const emailRegex = literalRegex(email);

      const orders = await trx
        .updateTable('orders as o')
        .set({
          email_address: placeholder,
          snapshot: sql<string>`o.snapshot || jsonb_build_object(
            'delivery_address', CASE WHEN o.snapshot -> 'delivery_address' IS NULL
              OR jsonb_typeof(o.snapshot -> 'delivery_address') <> 'object' THEN 'null'::jsonb
              ELSE jsonb_build_object('country_code', o.snapshot #> '{delivery_address,country_code}') END,
            'billing_address', CASE WHEN o.snapshot -> 'billing_address' IS NULL
              OR jsonb_typeof(o.snapshot -> 'billing_address') <> 'object' THEN 'null'::jsonb
              ELSE jsonb_build_object('country_code', o.snapshot #> '{billing_address,country_code}') END,
            'delivery_safe_place', null,
            'delivery_safe_place_option', null,
            'delivery_safe_place_option_note', null)`,
        })
        .where(ordersOf(userId, email))
        .returning('o.id')
        .execute();
      const orderIds = orders.map((row) => row.id);
      if (orderIds.length > 0) {
        await trx
          .updateTable('order_events')
          .set({
            summary: sql<string>`regexp_replace(summary, ${emailRegex}, '[erased]', 'gi')`,
            detail: sql<string>`regexp_replace(detail::text, ${emailRegex}, '[erased]', 'gi')::jsonb`,
          })
          .where('order_id', 'in', orderIds)
          .where((eb) =>
            eb.or([
              eb(sql<string>`summary`, '~*', emailRegex),
              eb(sql<string>`detail::text`, '~*', emailRegex),
            ]),
          )
          .execute();
      }

      // Returns are kept, like their orders (the refunds and credit notes point at them):
      // they hold no address or email of their own (both are the order's, erased above)
      // and the reason is one from the shop's list; staff's refusal reasons lose any
      // mention of the email address, as the order's events do (ADR 070).
      const returns =
        orderIds.length === 0
          ? []
          : await trx
              .updateTable('returns')
              .set({
                refusal_reason: sql<string>`CASE WHEN refusal_reason ~* ${emailRegex}
                  THEN regexp_replace(refusal_reason, ${emailRegex}, '[erased]', 'gi')
                  ELSE refusal_reason END`,
              })
              .where('order_id', 'in', orderIds)
              .returning('id')
              .execute();

      const baskets = await trx
        .updateTable('baskets')
        .set({
          email_address: null,
          delivery_address: null,
          billing_address: null,
          delivery_safe_place: null,
          delivery_safe_place_option: null,
          delivery_safe_place_option_note: null,
        })
        .where((eb) =>
          eb.or([eb('user_id', '=', userId), eb(sql<string>`lower(email_address)`, '=', email)]),
        )
        .returning('id')
        .execute();
      if (baskets.length > 0) {
        await trx
          .deleteFrom('basket_shares')
          .where(
            'basket_id',
            'in',
            baskets.map((row) => row.id),
          )
          .execute();
      }

      const addresses = await trx
        .deleteFrom('user_addresses')
        .where('user_id', '=', userId)
        .returning('id')
        .execute();
      const alerts = await trx
        .deleteFrom('stock_notifications')
        .where('email_address', '=', email)
        .returning('id')
        .execute();
      const wishlists = await trx
        .deleteFrom('wishlists')
        .where('user_id', '=', userId)
        .returning('id')
        .execute();
      const sessions = await endSessions(trx, userId);
      await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
      await trx
        .deleteFrom('rate_limits')
        .where(sql<boolean>`lower(key) LIKE ${`%:${email.replace(/[\\%_]/g, (c) => `\\${c}`)}`}`)
        .execute();
      await trx
        .deleteFrom('outbox_emails')
        .where(sql<string>`lower(to_address)`, '=', email)
        .execute();

      await trx
        .updateTable('users')
        .set({
          email_address: placeholder,
          // Not an argon2 hash: nothing verifies against it (and the account cannot sign in).
          password_hash: '!erased',
          title: null,
          first_name: '',
          last_name: '',
          newsletter: false,
          prices_exclude_tax: false,
          basket_reminders: false,
          basket_reminders_at: null,
          disabled_at: sql<string>`coalesce(disabled_at, now())`,
          erased_at: sql<string>`now()`,
          updated_at: sql<string>`now()`,
        })
        .where('id', '=', userId)
        .execute();

      return {
        orders_kept: orderIds.length,
        returns_kept: returns.length,
        addresses_deleted: addresses.length,
        stock_alerts_deleted: alerts.length,
        wishlists_deleted: wishlists.length,
        baskets_cleared: baskets.length,
        sessions_ended: sessions,
      };
    },

    /** Everything held about the customer, for the export (ADR 066). */
    async exportData(customer: CustomerRecord) {
      const userId = customer.id;
      const email = customer.email_address.toLowerCase();
      const account = await db
        .selectFrom('users')
        .select([
          'id',
          'email_address',
          'title',
          'first_name',
          'last_name',
          'newsletter',
          'prices_exclude_tax',
          'basket_reminders',
          'basket_reminders_at',
          'credit_balance',
          'created_at',
          'updated_at',
          'disabled_at',
          'erased_at',
        ])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      const addresses = await db
        .selectFrom('user_addresses')
        .select([
          'id',
          'address',
          'default_delivery',
          'default_billing',
          'created_at',
          'updated_at',
        ])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      const orders = await db
        .selectFrom('orders as o')
        .select([
          'o.id',
          'o.order_number',
          'o.public_id',
          'o.user_id',
          'o.email_address',
          'o.status',
          'o.amount',
          'o.credit_used',
          'o.refunded_amount',
          'o.buds_used',
          'o.buds_earned',
          'o.snapshot',
          'o.payment_type',
          'o.payment_card_type',
          'o.payment_last_four',
          'o.created_at',
          'o.paid_at',
          'o.cancelled_at',
        ])
        .where(ordersOf(userId, email))
        .orderBy('o.id')
        .execute();
      const orderIds = orders.map((row) => row.id);
      const publicIds = orders.map((row) => row.public_id);
      const [lines, payments, shipments, refunds, events] =
        orderIds.length === 0
          ? [[], [], [], [], []]
          : await Promise.all([
              db
                .selectFrom('order_items')
                .select([
                  'order_id',
                  'sku',
                  'name',
                  'quantity',
                  'preorder_quantity',
                  'unit_price',
                  'total_price',
                  'tax_rate_bp',
                  'is_promotion_item',
                  'dispatched',
                  'refunded',
                ])
                .where('order_id', 'in', orderIds)
                .orderBy('order_id')
                .orderBy('position')
                .execute(),
              // The payment's non-secret facts: no nonce, no gateway response.
              db
                .selectFrom('payment_ledger')
                .select([
                  'order_id',
                  'kind',
                  'amount',
                  'status',
                  'charged',
                  'payment_type',
                  'card_type',
                  'last_four',
                  'created_at',
                ])
                .where('order_id', 'in', publicIds)
                .orderBy('id')
                .execute(),
              db
                .selectFrom('shipments')
                .select(['order_id', 'carrier', 'tracking_number', 'created_at'])
                .where('order_id', 'in', orderIds)
                .orderBy('id')
                .execute(),
              db
                .selectFrom('refunds')
                .select([
                  'order_id',
                  'credit_note_number',
                  'state',
                  'amount',
                  'destination',
                  'reason',
                  'created_at',
                ])
                .where('order_id', 'in', orderIds)
                .orderBy('id')
                .execute(),
              db
                .selectFrom('order_events')
                .select(['order_id', 'at', 'kind', 'summary'])
                .where('order_id', 'in', orderIds)
                .orderBy('id')
                .execute(),
            ]);
      // Returns (ADR 070): what the customer sent back and why, as they and staff see it.
      const returns =
        orderIds.length === 0
          ? []
          : await db
              .selectFrom('returns as r')
              .innerJoin('orders as o', 'o.id', 'r.order_id')
              .select([
                'r.return_number',
                'o.order_number',
                'r.status',
                'r.reason_label as reason',
                'r.refusal_reason',
                'r.created_at',
                'r.received_at',
                'r.closed_at',
                sql<unknown>`coalesce((
                  SELECT json_agg(json_build_object('sku', oi.sku, 'name', oi.name,
                                                    'quantity', ri.quantity) ORDER BY oi.position)
                  FROM return_items ri JOIN order_items oi ON oi.id = ri.order_item_id
                  WHERE ri.return_id = r.id), '[]'::json)`.as('items'),
              ])
              .where('r.order_id', 'in', orderIds)
              .orderBy('r.id')
              .execute();
      const byOrder = <T extends { order_id: number | string | null }>(rows: T[], key: unknown) =>
        rows.filter((row) => row.order_id === key).map(({ order_id: _omit, ...rest }) => rest);
      const buds = await db
        .selectFrom('loyalty_ledger')
        .select(['change', 'reason', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      const credit = await db
        .selectFrom('credit_ledger')
        .select(['change', 'balance_after', 'kind', 'reason', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
      const wishlists = await db
        .selectFrom('wishlists as w')
        .select((eb) => [
          'w.id',
          'w.created_at',
          sql<boolean>`w.share_id IS NOT NULL`.as('shared'),
          eb
            .selectFrom('wishlist_items as i')
            .innerJoin('products as p', 'p.id', 'i.product_id')
            .select(
              sql<unknown>`coalesce(jsonb_agg(jsonb_build_object('sku', p.sku, 'name', p.name, 'added_at', i.added_at) ORDER BY i.id), '[]'::jsonb)`.as(
                'items',
              ),
            )
            .whereRef('i.wishlist_id', '=', 'w.id')
            .as('items'),
        ])
        .where('w.user_id', '=', userId)
        .execute();
      const alerts = await db
        .selectFrom('stock_notifications as n')
        .innerJoin('products as p', 'p.id', 'n.product_id')
        .select(['n.email_address', 'p.sku', 'p.name', 'n.created_at', 'n.sent_at'])
        .where('n.email_address', '=', email)
        .orderBy('n.id')
        .execute();
      const baskets = await db
        .selectFrom('baskets as b')
        .select((eb) => [
          'b.id',
          'b.status',
          'b.email_address',
          'b.delivery_address',
          'b.billing_address',
          'b.delivery_safe_place',
          'b.delivery_safe_place_option',
          'b.delivery_safe_place_option_note',
          'b.voucher_code',
          'b.created_at',
          'b.updated_at',
          eb
            .selectFrom('basket_items as i')
            .innerJoin('products as p', 'p.id', 'i.product_id')
            .select(
              sql<unknown>`coalesce(jsonb_agg(jsonb_build_object('sku', p.sku, 'name', p.name, 'quantity', i.quantity) ORDER BY i.id), '[]'::jsonb)`.as(
                'items',
              ),
            )
            .whereRef('i.basket_id', '=', 'b.id')
            .as('items'),
        ])
        .where((eb) =>
          eb.or([
            eb('b.user_id', '=', userId),
            eb(sql<string>`lower(b.email_address)`, '=', email),
          ]),
        )
        .orderBy('b.created_at')
        .execute();
      const orderNumbers = orders.map((row) => row.order_number);
      const audit = await db
        .selectFrom('audit_log')
        .select([
          'id',
          'at',
          'actor',
          'action',
          'entity_type',
          'entity_id',
          'before',
          'after',
          'reason',
        ])
        .where((eb) =>
          eb.or([
            eb.and([eb('entity_type', '=', 'customer'), eb('entity_id', '=', String(userId))]),
            ...(orderNumbers.length > 0
              ? [eb.and([eb('entity_type', '=', 'order'), eb('entity_id', 'in', orderNumbers)])]
              : []),
          ]),
        )
        .orderBy('id')
        .execute();

      return {
        account,
        addresses,
        orders: orders.map(({ id, ...order }) => ({
          ...order,
          lines: byOrder(lines, id),
          payments: byOrder(payments, order.public_id),
          shipments: byOrder(shipments, id),
          refunds: byOrder(refunds, id),
          events: byOrder(events, id),
        })),
        returns,
        buds,
        credit,
        wishlists,
        alerts,
        baskets,
        audit: audit.map((row) => ({ ...row, id: Number(row.id) })),
      };
    },
  };
}

export type CustomersRepository = ReturnType<typeof customersRepository>;
