/**
 * Staff for HTTP suites of the back office: an account of a given role with a live
 * session, as a browser holding the staff cookie. The login itself (password and TOTP)
 * has its own suite; other suites start signed in.
 */
import type { FastifyInstance } from 'fastify';
import type { StaffRole } from '../../domain/staff.ts';
import type { Db } from '../db/client.ts';
import { staffRepository, type StaffMember } from '../modules/staff/staff.repository.ts';
import { hashStaffToken, newStaffToken, STAFF_COOKIE } from '../modules/staff/staff-session.ts';
import { Shopper } from './test-app.ts';

let counter = 0;

/** A new, set-up staff account of `role` (no password: it signs in by session only). */
export async function addStaff(
  db: Db,
  role: StaffRole,
  fields: { email?: string; name?: string } = {},
): Promise<StaffMember> {
  counter += 1;
  const email = fields.email ?? `${role}-${process.pid}-${counter}-${Date.now()}@staff.test`;
  return db
    .insertInto('staff')
    .values({ email, name: fields.name ?? `Test ${role}`, role })
    .returning(['id', 'email', 'name', 'role'])
    .executeTakeFirstOrThrow();
}

/** A browser signed into the back office as `member`. */
export async function staffBrowser(
  app: FastifyInstance,
  db: Db,
  member: StaffMember,
): Promise<Shopper> {
  const token = newStaffToken();
  await staffRepository(db).createSession(hashStaffToken(token), member.id);
  const browser = new Shopper(app);
  browser.cookies.set(STAFF_COOKIE, token);
  return browser;
}

/** A new staff account of `role`, signed in: its browser and its record. */
export async function signedInStaff(
  app: FastifyInstance,
  db: Db,
  role: StaffRole,
): Promise<{ browser: Shopper; member: StaffMember }> {
  const member = await addStaff(db, role);
  return { browser: await staffBrowser(app, db, member), member };
}
