/**
 * Staff accounts and their sessions (migration 021, ADR 047). A session is found by the
 * sha256 of its cookie's token and touched in the same statement, so every admin
 * request costs one statement to know who is asking.
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

export function staffRepository(db: Db) {
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
  };
}

export type StaffRepository = ReturnType<typeof staffRepository>;
