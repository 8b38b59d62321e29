/**
 * Demo staff for the back office (documented in the README), added in development only
 * (as the demo customers: SEED_DEMO, never by default in production) to a database that
 * has none of them yet. Their passwords and TOTP secrets are fixed so a newcomer can add
 * a secret to an authenticator app (or compute a code: src/server/testing/totp.ts) and
 * sign in at /admin.
 */
import { hash } from '@node-rs/argon2';
import type { StaffRole } from '../../../domain/staff.ts';
import type { Db } from '../client.ts';

export const DEMO_STAFF: readonly {
  email: string;
  name: string;
  role: StaffRole;
  password: string;
  /** Base32, as an authenticator app takes it. */
  totpSecret: string;
}[] = [
  {
    email: 'owner@everbloom.test',
    name: 'Olive Owner',
    role: 'owner',
    password: 'staff-owner-demo',
    totpSecret: 'RHE3QYRTB4J5LRAREIDURJJQ7WJ6YJQ5',
  },
  {
    email: 'dispatch@everbloom.test',
    name: 'Dan Dispatcher',
    role: 'dispatcher',
    password: 'staff-dispatch-demo',
    totpSecret: 'OW7ZMAWGFRHPCV3NQQC5GYBXM3GPRQL5',
  },
];

/** Adds the demo staff that are missing; returns how many it added. */
export async function seedDemoStaff(db: Db): Promise<number> {
  const existing = new Set(
    (
      await db
        .selectFrom('staff')
        .select('email')
        .where(
          'email',
          'in',
          DEMO_STAFF.map((member) => member.email),
        )
        .execute()
    ).map((row) => row.email),
  );
  let added = 0;
  for (const member of DEMO_STAFF) {
    if (existing.has(member.email)) continue;
    const row = await db
      .insertInto('staff')
      .values({
        email: member.email,
        name: member.name,
        role: member.role,
        password_hash: await hash(member.password),
        totp_secret: member.totpSecret,
      })
      .onConflict((conflict) => conflict.column('email').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row) added++;
  }
  return added;
}
