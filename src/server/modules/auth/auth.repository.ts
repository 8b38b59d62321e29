/**
 * The only code that reads and writes users' credentials: accounts, auth tokens and
 * password reset links. Tokens and links are stored only as SHA-256 hashes.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

export interface UserRecord {
  id: number;
  email_address: string;
  password_hash: string;
  title: string | null;
  first_name: string;
  last_name: string;
  prices_exclude_tax: boolean;
  newsletter: boolean;
  /** Abandoned-basket reminders wanted (ADR 077). */
  basket_reminders: boolean;
}

const userColumns = [
  'id',
  'email_address',
  'password_hash',
  'title',
  'first_name',
  'last_name',
  'prices_exclude_tax',
  'newsletter',
  'basket_reminders',
] as const;

export function authRepository(db: Db) {
  return {
    /** An account that may sign in (and get reset links): not disabled (ADR 066). */
    async findUserByEmail(email: string): Promise<UserRecord | undefined> {
      return db
        .selectFrom('users')
        .select(userColumns)
        .where('email_address', '=', email)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
    },

    async findUserById(id: number): Promise<UserRecord | undefined> {
      return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
    },

    /** Creates an account; undefined when the email is taken. */
    async createUser(user: {
      email_address: string;
      password_hash: string;
      title: string | null;
      first_name: string;
      last_name: string;
      newsletter: boolean;
    }): Promise<UserRecord | undefined> {
      return db
        .insertInto('users')
        .values(user)
        .onConflict((conflict) => conflict.column('email_address').doNothing())
        .returning(userColumns)
        .executeTakeFirst();
    },

    /** Changes the profile; the password changes only through setPassword. */
    async updateUser(
      id: number,
      changes: Partial<
        Pick<UserRecord, 'title' | 'first_name' | 'last_name' | 'prices_exclude_tax' | 'newsletter'>
      >,
    ): Promise<UserRecord | undefined> {
      return db
        .updateTable('users')
        .set({ ...changes, updated_at: sql<string>`now()` })
        .where('id', '=', id)
        .returning(userColumns)
        .executeTakeFirst();
    },

    /**
     * Switches abandoned-basket reminders on or off (ADR 077). Switching on records when
     * (the consent PECR asks for); switching off clears it. Saying the same again keeps
     * the first consent's time.
     */
    async setBasketReminders(id: number, on: boolean): Promise<UserRecord | undefined> {
      return db
        .updateTable('users')
        .set({
          basket_reminders: on,
          basket_reminders_at: on ? sql<string>`coalesce(basket_reminders_at, now())` : null,
          updated_at: sql<string>`now()`,
        })
        .where('id', '=', id)
        .returning(userColumns)
        .executeTakeFirst();
    },

    async saveToken(tokenHash: string, userId: number, expiresAt: Date): Promise<void> {
      await db
        .insertInto('auth_tokens')
        .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt.toISOString() })
        .execute();
    },

    /** The user of a live (unexpired, unrevoked) token of an account not disabled. */
    async userOfToken(tokenHash: string): Promise<UserRecord | undefined> {
      return db
        .selectFrom('auth_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(userColumns.map((c) => `u.${c}` as const))
        .where('t.token_hash', '=', tokenHash)
        .where('t.revoked_at', 'is', null)
        .where('u.disabled_at', 'is', null)
        .where('t.expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
    },

    async revokeToken(tokenHash: string): Promise<void> {
      await db
        .updateTable('auth_tokens')
        .set({ revoked_at: sql<string>`now()` })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /**
     * Sets a new password and, in the same transaction, ends every session and every
     * outstanding reset link of the account: whoever held one of them before the change
     * (a thief of the old password, a stale link in a mailbox) holds nothing after it.
     */
    async setPassword(userId: number, passwordHash: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ password_hash: passwordHash, updated_at: sql<string>`now()` })
          .where('id', '=', userId)
          .execute();
        await trx
          .updateTable('auth_tokens')
          .set({ revoked_at: sql<string>`now()` })
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .execute();
        await trx
          .updateTable('password_resets')
          .set({ used_at: sql<string>`now()` })
          .where('user_id', '=', userId)
          .where('used_at', 'is', null)
          .execute();
      });
    },

    async saveResetLink(tokenHash: string, userId: number, expiresAt: Date): Promise<void> {
      await db
        .insertInto('password_resets')
        .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt.toISOString() })
        .execute();
    },

    /**
     * Spends a reset link and every other outstanding link of its account, in one
     * statement, and returns the account if the link was live (unused, unexpired);
     * undefined otherwise. So a link works once, and only while it is the newest use:
     * of two links used at once, the second finds both spent (its row is re-checked
     * after the first's commit) and is refused.
     */
    async useResetLink(tokenHash: string): Promise<number | undefined> {
      const owner = db
        .selectFrom('password_resets as link')
        .select('link.user_id')
        .where('link.token_hash', '=', tokenHash)
        .where('link.used_at', 'is', null)
        .where('link.expires_at', '>', sql<Date>`now()`);
      const spent = await db
        .updateTable('password_resets')
        .set({ used_at: sql<string>`now()` })
        .where('user_id', '=', owner)
        .where('used_at', 'is', null)
        .returning(['user_id', 'token_hash'])
        .execute();
      return spent.find((row) => row.token_hash === tokenHash)?.user_id;
    },
  };
}

export type AuthRepository = ReturnType<typeof authRepository>;
