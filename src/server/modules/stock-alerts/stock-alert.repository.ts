/**
 * The only code that touches stock_notifications: sign-ups, and the claim → sent (or
 * released) cycle that lets several processes send the emails without sending one twice.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

export interface ClaimedAlert {
  id: number;
  product_id: number;
  email_address: string;
}

export function stockAlertRepository(db: Db) {
  return {
    /**
     * Records a waiting sign-up; false when this address already waits for this
     * product (the partial unique index decides, so two racing requests make one row).
     */
    async signUp(productId: number, emailAddress: string): Promise<boolean> {
      const row = await db
        .insertInto('stock_notifications')
        .values({ product_id: productId, email_address: emailAddress })
        .onConflict((conflict) =>
          conflict
            .columns(['product_id', 'email_address'])
            .where('sent_at', 'is', null)
            .doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Products with sign-ups waiting and free to claim (unclaimed, or their claim ran out). */
    async waitingProductIds(leaseS: number): Promise<number[]> {
      const rows = await db
        .selectFrom('stock_notifications')
        .select('product_id')
        .distinct()
        .where('sent_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('claimed_at', 'is', null),
            eb('claimed_at', '<', sql<Date>`now() - make_interval(secs => ${leaseS})`),
          ]),
        )
        .execute();
      return rows.map((row) => row.product_id);
    },

    /**
     * Claims up to `limit` waiting sign-ups for these products in one statement. Rows
     * another process holds are skipped (SKIP LOCKED), and a row claimed meanwhile no
     * longer matches, so each sign-up goes to one claimant.
     */
    async claim(productIds: readonly number[], leaseS: number, limit: number) {
      if (productIds.length === 0) return [];
      const result = await sql<ClaimedAlert>`
        UPDATE stock_notifications n SET claimed_at = now()
        WHERE n.id IN (
          SELECT id FROM stock_notifications
          WHERE product_id IN (${sql.join(productIds)})
            AND sent_at IS NULL
            AND (claimed_at IS NULL OR claimed_at < now() - make_interval(secs => ${leaseS}))
          ORDER BY id
          LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        AND n.sent_at IS NULL
        RETURNING n.id, n.product_id, n.email_address`.execute(db);
      return result.rows;
    },

    /** The email went: the sign-up is done. */
    async markSent(id: number): Promise<void> {
      await db
        .updateTable('stock_notifications')
        .set({ sent_at: sql<Date>`now()`, claimed_at: null })
        .where('id', '=', id)
        .execute();
    },

    /** The email could not go: free the sign-up for the next sweep. */
    async release(id: number): Promise<void> {
      await db
        .updateTable('stock_notifications')
        .set({ claimed_at: null })
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .execute();
    },
  };
}

export type StockAlertRepository = ReturnType<typeof stockAlertRepository>;
