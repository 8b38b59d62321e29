/**
 * Adds a back-office staff account from the command line (ADR 048), e.g. a fresh
 * production shop's first owner:
 *   npm run staff:add -- <email> <role> [name]
 * Prints the account's one-time set-up link (72 hours): whoever opens it chooses a
 * password and enrols an authenticator app. For an existing account it issues a new link
 * instead (resetting its password and authenticator, ending its sessions: how a
 * locked-out member gets back in) and says so. Audited as the command line. Reads the
 * server's configuration (DATABASE_URL or DATA_DIR, PUBLIC_URL; a local .env too). PGlite
 * allows one process per data folder: stop the shop first.
 */
import { pathToFileURL } from 'node:url';
import { safeParse } from 'zod/v4/core';
import { staffCreateSchema } from '../../domain/schemas/staff.ts';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../domain/staff.ts';
import type { Db } from '../db/client.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { COMMAND_LINE } from '../modules/staff/staff-actor.ts';
import { staffAccountsService } from '../modules/staff/staff-accounts.service.ts';
import { SETUP_LINK_TTL_MS } from '../modules/staff/setup-link.ts';
import { staffTotpSecrets } from '../modules/staff/totp.ts';
import { withShopDatabase } from './shop-database.ts';

export const STAFF_ADD_USAGE = `Usage: npm run staff:add -- <email> <role> [name]\n  role: one of ${STAFF_ROLES.join(', ')}`;

export interface StaffAddArgs {
  email: string;
  role: StaffRole;
  name: string;
}

/** The command's arguments, or a message saying what is wrong with them. */
export function parseStaffAddArgs(args: readonly string[]): StaffAddArgs | { error: string } {
  const [email, role, ...nameWords] = args;
  if (!email || !role) return { error: STAFF_ADD_USAGE };
  // The name defaults to the address's local part (changeable later by nobody but SQL:
  // give one when it matters).
  const name = nameWords.join(' ').trim() || email.split('@')[0] || email;
  const parsed = safeParse(staffCreateSchema, { email, role, name });
  if (parsed.success) return parsed.data;
  const fields = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
  const problems = [
    ...(fields.has('email') ? [`"${email}" is not an email address.`] : []),
    ...(fields.has('role') ? [`"${role}" is not a role.`] : []),
    ...(fields.has('name') ? ['The name is too long (100 characters at most).'] : []),
  ];
  return { error: [...problems, STAFF_ADD_USAGE].join('\n') };
}

/** Adds the account (or issues a new link) on `db`; what the command prints. */
export async function staffAdd(
  deps: { db: Db; publicUrl: string; totpSecrets: SecretBox },
  args: StaffAddArgs,
): Promise<string> {
  const result = await staffAccountsService(deps).addOrReissue(COMMAND_LINE, args);
  const who = `${result.staff.name} <${result.staff.email}>, ${ROLE_LABELS[result.staff.role]}`;
  const hours = SETUP_LINK_TTL_MS / 3_600_000;
  const lines = result.created
    ? [`Added staff account ${who}.`]
    : [
        `${who} already has an account: issued a new set-up link. Their password and ` +
          'authenticator are reset and their sessions ended until they use it.',
        ...(result.staff.role === args.role
          ? []
          : [
              `Their role stays ${ROLE_LABELS[result.staff.role]}: an owner can change it at /admin/staff.`,
            ]),
        ...(result.staff.status === 'disabled'
          ? [
              'The account is disabled: an owner must enable it at /admin/staff before the link works.',
            ]
          : []),
      ];
  lines.push(
    `Send them this one-time set-up link (good for ${hours} hours) to choose a password and add the shop to an authenticator app:`,
    result.setup_url,
  );
  return lines.join('\n');
}

async function main(): Promise<number> {
  const args = parseStaffAddArgs(process.argv.slice(2));
  if ('error' in args) {
    console.error(args.error);
    return 1;
  }
  return withShopDatabase(async (handle, config) => {
    const totpSecrets = staffTotpSecrets(config.cookieSecret);
    console.log(await staffAdd({ db: handle.db, publicUrl: config.publicUrl, totpSecrets }, args));
    return 0;
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  process.exitCode = await main();
