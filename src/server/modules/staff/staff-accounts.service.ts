/**
 * Staff accounts (ADR 048): the owner's staff page and `npm run staff:add`. Every change
 * is audited in its own transaction, before and after without any secret. The shop
 * keeps at least one active owner (set up, not disabled): an owner cannot disable or
 * demote themself, and a change that would leave no other active owner is refused with
 * `last_owner` — the owners' rows are locked while it is checked, so two owners
 * disabling each other at once cannot both succeed.
 */
import type { z } from 'zod/mini';
import type { StaffAccount } from '../../../domain/api/admin-staff.ts';
import { AppError } from '../../../domain/errors.ts';
import type { staffChangeSchema, staffCreateSchema } from '../../../domain/schemas/staff.ts';
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { StaffActor } from './staff-actor.ts';
import { staffRepository, type StaffAccountRow } from './staff.repository.ts';
import { issueSetupLink } from './setup-link.ts';

export const STAFF_NOT_FOUND = 'No staff account has that id.';
export const SELF_CHANGE_MESSAGE =
  'You cannot disable your own account or change your own role: ask another owner.';

const iso = (value: Date | string) => new Date(value).toISOString();

export function accountView(row: StaffAccountRow): StaffAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    status: row.disabled_at ? 'disabled' : row.set_up ? 'active' : 'invited',
    created_at: iso(row.created_at),
    setup_expires_at: !row.set_up && row.setup_expires_at ? iso(row.setup_expires_at) : null,
  };
}

/** What the audit trail keeps of an account: never its password, secret or link. */
const audited = (row: StaffAccountRow) => {
  const view = accountView(row);
  return { email: view.email, name: view.name, role: view.role, status: view.status };
};

/** A path's staff id, or 404. */
export function staffIdOf(value: string): number {
  if (!/^[1-9]\d{0,8}$/.test(value)) throw new AppError('not_found', { message: STAFF_NOT_FOUND });
  return Number(value);
}

export function staffAccountsService(deps: { db: Db; publicUrl: string; totpSecrets: SecretBox }) {
  const { db } = deps;

  async function reissue(trx: Db, actor: StaffActor, staffId: number) {
    const before = await staffRepository(trx).lockAccount(staffId);
    if (!before) throw new AppError('not_found', { message: STAFF_NOT_FOUND });
    const link = await issueSetupLink(trx, staffId, deps.publicUrl, deps.totpSecrets);
    if (!link) throw new AppError('not_found', { message: STAFF_NOT_FOUND });
    await recordAudit(trx, actor, {
      action: 'staff.setup_link',
      entityType: 'staff',
      entityId: staffId,
      before: audited(before),
      after: audited(link.account),
    });
    return { staff: accountView(link.account), setup_url: link.url };
  }

  async function create(actor: StaffActor, input: z.output<typeof staffCreateSchema>) {
    return db.transaction().execute(async (trx) => {
      const created = await staffRepository(trx).create(input);
      if (!created) {
        throw new AppError('staff_exists', {
          errors: { email: ['A staff account with that email address already exists.'] },
        });
      }
      const link = await issueSetupLink(trx, created.id, deps.publicUrl, deps.totpSecrets);
      if (!link) throw new Error('the new staff account vanished');
      await recordAudit(trx, actor, {
        action: 'staff.create',
        entityType: 'staff',
        entityId: created.id,
        after: audited(link.account),
      });
      return { staff: accountView(link.account), setup_url: link.url };
    });
  }

  return {
    async list(): Promise<{ staff: StaffAccount[] }> {
      return { staff: (await staffRepository(db).list()).map(accountView) };
    },

    /** A new account and its set-up link (409 `staff_exists` when the email is taken). */
    create,

    /**
     * The command line's `staff:add`: a new account, or a new link for an existing one
     * (its role and name unchanged).
     */
    async addOrReissue(actor: StaffActor, input: z.output<typeof staffCreateSchema>) {
      const existing = await staffRepository(db).accountByEmail(input.email);
      if (existing) {
        const reply = await db.transaction().execute((trx) => reissue(trx, actor, existing.id));
        return { created: false, ...reply };
      }
      return { created: true, ...(await create(actor, input)) };
    },

    /** A new set-up link (resets the password and authenticator, ends sessions). */
    async newSetupLink(actor: StaffActor, staffId: number) {
      return db.transaction().execute((trx) => reissue(trx, actor, staffId));
    },

    async change(
      actor: StaffActor,
      staffId: number,
      change: z.output<typeof staffChangeSchema>,
    ): Promise<{ staff: StaffAccount }> {
      return db.transaction().execute(async (trx) => {
        const repository = staffRepository(trx);
        const locked = await repository.lockForChange(staffId);
        const before = locked.find((row) => row.id === staffId);
        if (!before) throw new AppError('not_found', { message: STAFF_NOT_FOUND });
        const demoted = change.role !== undefined && change.role !== before.role;
        const disabling = change.disabled === true && !before.disabled_at;
        if (actor.staffId === staffId && (demoted || disabling)) {
          throw new AppError('last_owner', { message: SELF_CHANGE_MESSAGE });
        }
        const activeOwner = (row: StaffAccountRow) =>
          row.role === 'owner' && row.set_up && !row.disabled_at;
        const otherOwners = locked.filter((row) => row.id !== staffId && activeOwner(row));
        if (activeOwner(before) && (demoted || disabling) && otherOwners.length === 0) {
          throw new AppError('last_owner');
        }
        await repository.update(staffId, change);
        if (disabling) await repository.endSessionsOf(staffId);
        const after = await repository.account(staffId);
        if (!after) throw new Error('the staff account vanished');
        await recordAudit(trx, actor, {
          action: 'staff.update',
          entityType: 'staff',
          entityId: staffId,
          before: audited(before),
          after: audited(after),
        });
        return { staff: accountView(after) };
      });
    },
  };
}

export type StaffAccountsService = ReturnType<typeof staffAccountsService>;
