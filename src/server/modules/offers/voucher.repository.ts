/** The only code that reads and writes vouchers (the order reads a basket's own, fresh). */
import { sql, type Transaction } from 'kysely';
import { ACTIVE_ORDER_STATUSES } from '../../../domain/order-status.ts';
import type { Db } from '../../db/client.ts';
import type { Database, VouchersTable } from '../../db/schema.ts';

type Queryable = Db | Transaction<Database>;

/** A voucher as stored, with its usage figures (ADR 064). */
export interface VoucherRecord {
  code: string;
  description: string;
  kind: VouchersTable['kind'];
  value: number;
  min_spend: number;
  starts_at: Date | string | null;
  expires_at: Date | string | null;
  active: boolean;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  created_at: Date | string;
  updated_at: Date | string;
  uses: number;
  discount_given: number;
  takings: number;
}

/** The columns staff set. */
export interface VoucherFields {
  description: string;
  kind: VouchersTable['kind'];
  value: number;
  min_spend: number;
  starts_at: Date | null;
  expires_at: Date | null;
  max_uses: number | null;
  max_uses_per_customer: number | null;
  active: boolean;
}

const COLUMNS = [
  'v.code',
  'v.description',
  'v.kind',
  'v.value',
  'v.min_spend',
  'v.starts_at',
  'v.expires_at',
  'v.active',
  'v.max_uses',
  'v.max_uses_per_customer',
  'v.created_at',
  'v.updated_at',
] as const;

function withUsage(db: Queryable) {
  return db
    .selectFrom('vouchers as v')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('orders')
          .select((o) => [
            'voucher_code',
            o.fn.countAll<number>().as('uses'),
            o.fn.sum<number>('voucher_discount').as('discount_given'),
            sql<number>`sum(amount + credit_used)`.as('takings'),
          ])
          .where('voucher_code', 'is not', null)
          .where('status', 'in', ACTIVE_ORDER_STATUSES)
          .groupBy('voucher_code')
          .as('u'),
      (join) => join.onRef('u.voucher_code', '=', 'v.code'),
    )
    .select([
      ...COLUMNS,
      sql<number>`coalesce(u.uses, 0)::int`.as('uses'),
      sql<number>`coalesce(u.discount_given, 0)::int`.as('discount_given'),
      sql<number>`coalesce(u.takings, 0)::int`.as('takings'),
    ]);
}

export function voucherRepository(db: Db) {
  return {
    /**
     * Every voucher switched on whose uses are not all spent (dates are checked when one
     * is applied; a customer's own uses when an order is placed).
     */
    async listActive() {
      return db
        .selectFrom('vouchers as v')
        .select([
          'v.code',
          'v.kind',
          'v.value',
          'v.min_spend',
          'v.starts_at',
          'v.expires_at',
          'v.max_uses_per_customer',
        ])
        .where('v.active', '=', true)
        .where((eb) =>
          eb.or([
            eb('v.max_uses', 'is', null),
            eb(
              'v.max_uses',
              '>',
              eb
                .selectFrom('orders as o')
                .select((o) => o.fn.countAll<number>().as('n'))
                .whereRef('o.voucher_code', '=', 'v.code')
                .where('o.status', 'in', ACTIVE_ORDER_STATUSES),
            ),
          ]),
        )
        .execute();
    },

    /**
     * A customer's uses of a code: their account's orders and, by email address
     * (case-insensitive), a guest's — the count the order step makes (ADR 064).
     */
    async customerUses(code: string, userId: number | null, email: string | null) {
      const row = await db
        .selectFrom('orders as o')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('o.voucher_code', '=', code)
        .where('o.status', 'in', ACTIVE_ORDER_STATUSES)
        .where((eb) =>
          eb.or([
            ...(userId === null ? [] : [eb('o.user_id', '=', userId)]),
            eb(
              sql`lower(o.email_address)`,
              '=',
              sql`lower(coalesce(${email}::text, ${
                userId === null
                  ? sql`null`
                  : sql`(SELECT u.email_address FROM users u WHERE u.id = ${userId})`
              }))`,
            ),
          ]),
        )
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Every voucher with its usage, newest first. */
    async all(): Promise<VoucherRecord[]> {
      return (await withUsage(db)
        .orderBy('v.created_at', 'desc')
        .orderBy('v.code')
        .execute()) as VoucherRecord[];
    },

    async one(code: string, trx: Queryable = db): Promise<VoucherRecord | undefined> {
      return (await withUsage(trx).where('v.code', '=', code).executeTakeFirst()) as
        VoucherRecord | undefined;
    },

    /** Locks the voucher's row for a change (orders counting its uses wait meanwhile). */
    async lock(code: string, trx: Queryable): Promise<boolean> {
      const row = await trx
        .selectFrom('vouchers')
        .select('code')
        .where('code', '=', code)
        .forNoKeyUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Writes a new voucher; false when the code is taken. */
    async insert(code: string, fields: VoucherFields, trx: Queryable): Promise<boolean> {
      const row = await trx
        .insertInto('vouchers')
        .values({ code, ...fields })
        .onConflict((oc) => oc.column('code').doNothing())
        .returning('code')
        .executeTakeFirst();
      return row !== undefined;
    },

    async update(code: string, fields: VoucherFields, trx: Queryable): Promise<void> {
      await trx
        .updateTable('vouchers')
        .set({ ...fields, updated_at: sql<string>`now()` })
        .where('code', '=', code)
        .execute();
    },

    /**
     * Who used the code and how often, most uses first: by account, else by email address
     * (case-insensitive) — the grouping the per-customer limit counts (ADR 064) — and how
     * many customers that makes.
     */
    async customers(code: string, limit: number) {
      const who = sql<string>`coalesce('u' || o.user_id::text, 'e' || lower(o.email_address))`;
      const rows = await db
        .selectFrom('orders as o')
        .select([
          sql<number | null>`max(o.user_id)`.as('user_id'),
          sql<string>`min(lower(o.email_address))`.as('email_address'),
          (eb) => eb.fn.countAll<number>().as('uses'),
          sql<number>`count(*) OVER ()`.as('customers'),
        ])
        .where('o.voucher_code', '=', code)
        .where('o.status', 'in', ACTIVE_ORDER_STATUSES)
        .groupBy(who)
        .orderBy('uses', 'desc')
        .orderBy('email_address')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        user_id: r.user_id === null ? null : Number(r.user_id),
        email_address: r.email_address,
        uses: Number(r.uses),
        customers: Number(r.customers),
      }));
    },

    /** The latest orders that used the code, newest first. */
    async orders(code: string, limit: number) {
      return db
        .selectFrom('orders')
        .select([
          'order_number',
          'created_at',
          'status',
          'voucher_discount',
          sql<number>`amount + credit_used`.as('total'),
        ])
        .where('voucher_code', '=', code)
        .where('status', 'in', ACTIVE_ORDER_STATUSES)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type VoucherRepository = ReturnType<typeof voucherRepository>;
