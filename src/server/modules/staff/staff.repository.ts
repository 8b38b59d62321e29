/**
 * Staff accounts and their sessions (migration 021, ADRs 047 and 048). A session is
 * found by the sha256 of its cookie's token and touched in the same statement, so every
 * admin request costs one statement to know who is asking. Sign-in's one-time codes and
 * set-up links are spent by conditional UPDATEs: two requests racing with one code or
 * one link cannot both succeed. Pass a transaction as `db` to make a change part of a
 * larger write (and its audit record).
 */
import { sql } from 'kysely';
import type { StaffRole } from '../../../domain/staff.ts';
import type { Db } from '../../db/client.ts';

/** A signed-in staff member, as routes and services see them. */
export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
}

export interface SessionLimits {
  /** A session unused this long has ended. */
  idleMs: number;
  /** A session this old has ended, however busy. */
  absoluteMs: number;
}

/** What sign-in checks: never leaves the service. */
export interface StaffCredentials extends StaffMember {
  password_hash: string | null;
  totp_secret: string | null;
  disabled: boolean;
}

/** A staff account as the owner's staff page lists it (no secret). */
export interface StaffAccountRow extends StaffMember {
  created_at: Date | string;
  setup_expires_at: Date | string | null;
  disabled_at: Date | string | null;
  /** Whether a password is set (the set-up link was used). */
  set_up: boolean;
}

export function staffRepository(db: Db) {
  const accounts = () =>
    db
      .selectFrom('staff')
      .select([
        'id',
        'email',
        'name',
        'role',
        'created_at',
        'setup_expires_at',
        'disabled_at',
        sql<boolean>`password_hash IS NOT NULL`.as('set_up'),
      ]);

  return {
    /**
     * The staff member of a live session, touching it; undefined when the session is
     * unknown, idle or too old, or the account is disabled.
     */
    async memberOfSession(
      tokenHash: string,
      limits: SessionLimits,
    ): Promise<StaffMember | undefined> {
      const { rows } = await sql<StaffMember>`
        WITH live AS (
          UPDATE staff_sessions SET last_seen_at = now()
          WHERE token_hash = ${tokenHash}
            AND last_seen_at > now() - make_interval(secs => ${limits.idleMs / 1000})
            AND created_at > now() - make_interval(secs => ${limits.absoluteMs / 1000})
          RETURNING staff_id
        )
        SELECT s.id, s.email, s.name, s.role
        FROM live JOIN staff s ON s.id = live.staff_id
        WHERE s.disabled_at IS NULL
      `.execute(db);
      return rows[0];
    },

    async createSession(tokenHash: string, staffId: number): Promise<void> {
      await db
        .insertInto('staff_sessions')
        .values({ token_hash: tokenHash, staff_id: staffId })
        .execute();
    },

    async endSession(tokenHash: string): Promise<void> {
      await db.deleteFrom('staff_sessions').where('token_hash', '=', tokenHash).execute();
    },

    /** Ends every session of a staff member (disabled, or a new set-up link). */
    async endSessionsOf(staffId: number): Promise<void> {
      await db.deleteFrom('staff_sessions').where('staff_id', '=', staffId).execute();
    },

    async credentialsByEmail(email: string): Promise<StaffCredentials | undefined> {
      return db
        .selectFrom('staff')
        .select([
          'id',
          'email',
          'name',
          'role',
          'password_hash',
          'totp_secret',
          sql<boolean>`disabled_at IS NOT NULL`.as('disabled'),
        ])
        .where('email', '=', email)
        .executeTakeFirst();
    },

    /**
     * Spends the TOTP step a sign-in's code matched: true when no code of this step or
     * a later one was accepted before (and the account can still sign in).
     */
    async acceptStep(staffId: number, step: number): Promise<boolean> {
      const row = await db
        .updateTable('staff')
        .set({ totp_last_step: step })
        .where('id', '=', staffId)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .where('disabled_at', 'is', null)
        .where('password_hash', 'is not', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Accounts whose TOTP secret is still stored as it is (from before ADR 075). */
    async unsealedTotpSecrets(): Promise<{ id: number; totp_secret: string }[]> {
      const rows = await db
        .selectFrom('staff')
        .select(['id', 'totp_secret'])
        .where('totp_secret', 'is not', null)
        .where('totp_secret', 'not like', 'v1.%')
        .execute();
      return rows.flatMap((row) =>
        row.totp_secret ? [{ id: row.id, totp_secret: row.totp_secret }] : [],
      );
    },

    /** Replaces a TOTP secret with its sealed form, if it is still `was`. */
    async sealTotpSecret(staffId: number, was: string, sealed: string): Promise<boolean> {
      const row = await db
        .updateTable('staff')
        .set({ totp_secret: sealed })
        .where('id', '=', staffId)
        .where('totp_secret', '=', was)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The account a live set-up link belongs to (not expired, used or disabled). */
    async bySetupToken(
      tokenHash: string,
    ): Promise<(StaffMember & { totp_secret: string }) | undefined> {
      const row = await db
        .selectFrom('staff')
        .select(['id', 'email', 'name', 'role', 'totp_secret'])
        .where('setup_token_hash', '=', tokenHash)
        .where('setup_expires_at', '>', sql<Date>`now()`)
        .where('disabled_at', 'is', null)
        .where('totp_secret', 'is not', null)
        .executeTakeFirst();
      return row && row.totp_secret ? { ...row, totp_secret: row.totp_secret } : undefined;
    },

    /**
     * Uses a set-up link: sets the password, spends the link and the code's step.
     * False when the link was used (or expired) meanwhile.
     */
    async completeSetup(
      staffId: number,
      tokenHash: string,
      passwordHash: string,
      step: number,
    ): Promise<boolean> {
      const row = await db
        .updateTable('staff')
        .set({
          password_hash: passwordHash,
          totp_last_step: step,
          setup_token_hash: null,
          setup_expires_at: null,
          updated_at: sql<string>`now()`,
        })
        .where('id', '=', staffId)
        .where('setup_token_hash', '=', tokenHash)
        .where('setup_expires_at', '>', sql<Date>`now()`)
        .where('disabled_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * A new set-up link for the account: its token's hash, expiring in `ttlMs`, and a
     * new TOTP secret; the password is cleared (the link resets both factors). The
     * caller ends the account's sessions in the same transaction.
     */
    async issueSetupLink(
      staffId: number,
      link: { tokenHash: string; totpSecret: string; ttlMs: number },
    ): Promise<StaffAccountRow | undefined> {
      const row = await db
        .updateTable('staff')
        .set({
          setup_token_hash: link.tokenHash,
          setup_expires_at: sql<Date>`now() + make_interval(secs => ${link.ttlMs / 1000})`,
          totp_secret: link.totpSecret,
          totp_last_step: null,
          password_hash: null,
          updated_at: sql<string>`now()`,
        })
        .where('id', '=', staffId)
        .returning('id')
        .executeTakeFirst();
      return row ? accounts().where('id', '=', row.id).executeTakeFirst() : undefined;
    },

    /** Every account, owners first, then by name. */
    async list(): Promise<StaffAccountRow[]> {
      return accounts()
        .orderBy(sql`role = 'owner'`, 'desc')
        .orderBy('name')
        .orderBy('id')
        .execute();
    },

    async account(staffId: number): Promise<StaffAccountRow | undefined> {
      return accounts().where('id', '=', staffId).executeTakeFirst();
    },

    async accountByEmail(email: string): Promise<StaffAccountRow | undefined> {
      return accounts().where('email', '=', email).executeTakeFirst();
    },

    /** The account, its row locked until the transaction ends (for a change). */
    async lockAccount(staffId: number): Promise<StaffAccountRow | undefined> {
      return accounts().where('id', '=', staffId).forUpdate().executeTakeFirst();
    },

    /** A new account (no password or secret yet); undefined when the email is taken. */
    async create(fields: {
      email: string;
      name: string;
      role: StaffRole;
    }): Promise<{ id: number } | undefined> {
      return db
        .insertInto('staff')
        .values(fields)
        .onConflict((conflict) => conflict.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
    },

    /**
     * The account and every owner, locked until the transaction ends, in id order (so
     * two changes lock alike and cannot deadlock): two owners changing each other at
     * once are taken one after the other, the second seeing the first's change.
     */
    async lockForChange(staffId: number): Promise<StaffAccountRow[]> {
      return accounts()
        .where((eb) => eb.or([eb('role', '=', 'owner'), eb('id', '=', staffId)]))
        .orderBy('id')
        .forUpdate()
        .execute();
    },

    async update(staffId: number, change: { role?: StaffRole; disabled?: boolean }) {
      await db
        .updateTable('staff')
        .set({
          ...(change.role === undefined ? {} : { role: change.role }),
          ...(change.disabled === undefined
            ? {}
            : { disabled_at: change.disabled ? sql<Date>`coalesce(disabled_at, now())` : null }),
          updated_at: sql<string>`now()`,
        })
        .where('id', '=', staffId)
        .execute();
    },
  };
}

export type StaffRepository = ReturnType<typeof staffRepository>;
