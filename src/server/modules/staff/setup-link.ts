/**
 * One-time set-up links (ADR 048): `${publicUrl}/admin/setup/<token>`. The token is 32
 * random bytes, stored only as its sha256, good for 72 hours and once. Issuing a link
 * gives the account a new TOTP secret (sealed, ADR 075) and clears its password and sessions: a new link
 * is how an owner (or the command line) lets a locked-out member back in.
 */
import { hashStaffToken, newStaffToken } from './staff-session.ts';
import { staffRepository, type StaffAccountRow } from './staff.repository.ts';
import { newTotpSecret } from './totp.ts';
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../lib/secret-box.ts';

export const SETUP_LINK_TTL_MS = 72 * 3_600_000;

/** A link's token as the URL carries it (what newStaffToken makes). */
export const SETUP_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const setupUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/admin/setup/${token}`;

/**
 * Issues a new link for the account (call inside the transaction that audits it);
 * undefined when there is no such account.
 */
export async function issueSetupLink(
  trx: Db,
  staffId: number,
  publicUrl: string,
  totpSecrets: SecretBox,
): Promise<{ account: StaffAccountRow; url: string } | undefined> {
  const token = newStaffToken();
  const repository = staffRepository(trx);
  const account = await repository.issueSetupLink(staffId, {
    tokenHash: hashStaffToken(token),
    totpSecret: totpSecrets.seal(newTotpSecret()),
    ttlMs: SETUP_LINK_TTL_MS,
  });
  if (!account) return undefined;
  await repository.endSessionsOf(staffId);
  return { account, url: setupUrl(publicUrl, token) };
}
