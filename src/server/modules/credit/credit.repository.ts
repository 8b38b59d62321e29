/**
 * Store credit (spec section 3, Credit; ADR 047): a customer's balance in pence, kept
 * as a ledger. Each change is one statement that moves `users.credit_balance` and writes
 * its ledger row; spending is conditional on the balance, and its UPDATE locks the
 * customer's row, so two orders of one customer cannot both spend the same credit.
 * Pass a transaction as `db` to make the change part of a larger write.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

export interface CreditChange {
  userId: number;
  /** Pence, > 0. */
  amount: number;
  reason: string;
  orderId?: number | null;
  staffId?: number | null;
}

export interface CreditEntry {
  id: number;
  change: number;
  balance_after: number;
  kind: 'refund' | 'goodwill' | 'spent' | 'returned';
  reason: string;
  order_id: number | null;
  /** The order's number, when the change belongs to one. */
  order_number: string | null;
  staff_id: number | null;
  created_at: Date;
}

async function move(
  db: Db,
  kind: CreditEntry['kind'],
  change: number,
  entry: CreditChange,
): Promise<number | undefined> {
  const { rows } = await sql<{ balance: number }>`
    WITH moved AS (
      UPDATE users SET credit_balance = credit_balance + ${change}
      WHERE id = ${entry.userId} AND credit_balance + ${change} >= 0
      RETURNING id, credit_balance
    ),
    entry AS (
      INSERT INTO credit_ledger (user_id, change, balance_after, kind, reason, order_id, staff_id)
      SELECT moved.id, ${change}, moved.credit_balance, ${kind}, ${entry.reason},
             ${entry.orderId ?? null}, ${entry.staffId ?? null}
      FROM moved
    )
    SELECT credit_balance AS balance FROM moved
  `.execute(db);
  return rows[0]?.balance;
}

export function creditRepository(db: Db) {
  return {
    /**
     * Adds credit: a refund as credit, a goodwill grant, or spent credit given back.
     * Returns the new balance; undefined when there is no such customer.
     */
    add(kind: 'refund' | 'goodwill' | 'returned', entry: CreditChange, on: Db = db) {
      if (!(entry.amount > 0)) throw new RangeError('credit amount must be positive');
      return move(on, kind, entry.amount, entry);
    },

    /**
     * Spends credit when the balance covers it. Returns the new balance, or undefined
     * when it does not (nothing is spent).
     */
    spend(entry: CreditChange, on: Db = db) {
      if (!(entry.amount > 0)) throw new RangeError('credit amount must be positive');
      return move(on, 'spent', -entry.amount, entry);
    },

    /** The customer's balance, or undefined when there is no such customer. */
    async find(userId: number): Promise<{ balance: number } | undefined> {
      const row = await db
        .selectFrom('users')
        .select('credit_balance as balance')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row;
    },

    async balance(userId: number): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select('credit_balance')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.credit_balance ?? 0;
    },

    /** The customer's ledger, newest first. */
    async entries(userId: number, limit = 100): Promise<CreditEntry[]> {
      return (await db
        .selectFrom('credit_ledger as c')
        .leftJoin('orders as o', 'o.id', 'c.order_id')
        .select([
          'c.id',
          'c.change',
          'c.balance_after',
          'c.kind',
          'c.reason',
          'c.order_id',
          'o.order_number',
          'c.staff_id',
          'c.created_at',
        ])
        .where('c.user_id', '=', userId)
        .orderBy('c.id', 'desc')
        .limit(limit)
        .execute()) as CreditEntry[];
    },
  };
}

export type CreditRepository = ReturnType<typeof creditRepository>;
