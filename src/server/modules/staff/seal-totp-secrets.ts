/**
 * Seals the TOTP secrets still stored as they are — written before ADR 075, or by the
 * demo staff's seed — at every start. Each is replaced only if it has not changed since
 * it was read, so two processes starting together seal it once.
 */
import type { Db } from '../../db/client.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { staffRepository } from './staff.repository.ts';

/** How many secrets were sealed. */
export async function sealStaffTotpSecrets(db: Db, totpSecrets: SecretBox): Promise<number> {
  const staff = staffRepository(db);
  let sealed = 0;
  for (const row of await staff.unsealedTotpSecrets()) {
    if (await staff.sealTotpSecret(row.id, row.totp_secret, totpSecrets.seal(row.totp_secret))) {
      sealed++;
    }
  }
  return sealed;
}
