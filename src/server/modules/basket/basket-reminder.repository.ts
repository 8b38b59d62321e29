/**
 * The statements of abandoned-basket reminders (ADR 077): whether a changed basket
 * should have one queued, and the one statement that claims a reminder, so a basket is
 * reminded about at most once however many jobs ask.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** Who a claimed reminder goes to. */
export interface ReminderRecipient {
  user_id: number;
  email_address: string;
  first_name: string;
  prices_exclude_tax: boolean;
}

export function basketReminderRepository(db: Db) {
  return {
    /**
     * The version of a customer's open basket not yet reminded about, when the customer
     * wants reminders; undefined otherwise (nothing to queue).
     */
    async waiting(basketId: string, userId: number): Promise<number | undefined> {
      const row = await db
        .selectFrom('baskets as b')
        .innerJoin('users as u', 'u.id', 'b.user_id')
        .select('b.version')
        .where('b.id', '=', basketId)
        .where('b.user_id', '=', userId)
        .where('b.status', '=', 'open')
        .where('b.reminded_at', 'is', null)
        .where('u.basket_reminders', '=', true)
        .executeTakeFirst();
      return row?.version;
    },

    /**
     * Claims the basket's one reminder: sets reminded_at, in the same statement that
     * checks everything that must still hold — the basket is open, unchanged since
     * `version`, has items, is not being paid for, was never reminded about, and its
     * customer still wants reminders and can sign in. Undefined when any of it fails.
     */
    async claim(basketId: string, version: number): Promise<ReminderRecipient | undefined> {
      const { rows } = await sql<ReminderRecipient>`
        UPDATE baskets AS b SET reminded_at = now()
        FROM users AS u
        WHERE b.id = ${basketId} AND b.version = ${version}
          AND b.status = 'open' AND b.reminded_at IS NULL
          AND u.id = b.user_id AND u.basket_reminders AND u.disabled_at IS NULL
          AND EXISTS (SELECT 1 FROM basket_items i WHERE i.basket_id = b.id)
          AND NOT EXISTS (
            SELECT 1 FROM orders o WHERE o.basket_id = b.id AND o.status = 'pending'
          )
        RETURNING u.id AS user_id, u.email_address, u.first_name, u.prices_exclude_tax`.execute(db);
      return rows[0];
    },
  };
}

export type BasketReminderRepository = ReturnType<typeof basketReminderRepository>;
