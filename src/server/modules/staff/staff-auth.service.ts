/**
 * Staff sign-in and account set-up (ADR 048).
 *
 * Sign-in takes an email, a password (argon2id, as customers') and a TOTP code. Anything
 * wrong — an unknown email, a wrong password or code, a code already used, an account
 * disabled or not yet set up, a malformed request — is one answer, 401 `invalid_login`,
 * reached by the same work (a decoy hash for unknown emails, a decoy secret for accounts
 * without one), so neither the reply nor its timing says which. Attempts are counted as
 * customers' logins are (per address and account, per account, per address: LOGIN_LIMITS)
 * under their own keys. A code is accepted once: the step it matched is spent by a
 * conditional UPDATE. Refusals are logged as warnings (never the password or code).
 *
 * Set-up: the one-time link shows the account's new TOTP secret (text, otpauth URI and a
 * QR code); sending a password and a code from the enrolled app sets the password,
 * spends the link and signs in.
 */
import { hash, verify } from '@node-rs/argon2';
import QRCode from 'qrcode';
import type { z } from 'zod/mini';
import type { StaffSetupView } from '../../../domain/api/admin-staff.ts';
import { AppError, validationError } from '../../../domain/errors.ts';
import { staffLoginSchema, type staffSetupSchema } from '../../../domain/schemas/staff.ts';
import type { StaffView } from '../../../domain/staff.ts';
import type { Db } from '../../db/client.ts';
import { logPseudonym } from '../../lib/log-pseudonym.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { LOGIN_LIMITS } from '../auth/auth.service.ts';
import type { RateLimitRepository } from '../auth/rate-limit.repository.ts';
import type { StaffActor } from './staff-actor.ts';
import { hashStaffToken, newStaffToken } from './staff-session.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { staffRepository, type StaffMember } from './staff.repository.ts';
import { SETUP_TOKEN } from './setup-link.ts';
import { matchingStep, otpauthUri } from './totp.ts';

export const SETUP_LINK_INVALID =
  'This set-up link has expired or has already been used. Please ask an owner for a new one.';
export const SETUP_CODE_WRONG =
  'That code is not right: check your authenticator app shows Everbloom back office, and enter its current code';

// Checked against when there is no password to check, so a miss takes as long as a hit.
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hash('decoy-staff-password-for-timing'));
const DECOY_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

export const staffView = (member: StaffMember): StaffView => ({
  email: member.email,
  name: member.name,
  role: member.role,
});

const actorFor = (member: StaffMember, ip: string): StaffActor => ({
  staffId: member.id,
  label: member.email,
  role: member.role,
  ip,
});

export function staffAuthService(deps: {
  db: Db;
  rateLimits: RateLimitRepository;
  /** How TOTP secrets are sealed in the database (ADR 075). */
  totpSecrets: SecretBox;
  log: {
    warn(object: object, message: string): void;
    error(object: object, message: string): void;
  };
}) {
  const { db, rateLimits, totpSecrets } = deps;
  const staff = staffRepository(db);

  /**
   * A stored TOTP secret, opened; null (and logged) when it cannot be: sealed under
   * another COOKIE_SECRET, or altered. The member then needs a new set-up link.
   */
  function openSecret(member: { id: number }, stored: string | null): string | null {
    if (stored === null) return null;
    const secret = totpSecrets.open(stored);
    if (secret === null) {
      deps.log.error(
        { staffId: member.id },
        'staff TOTP secret cannot be opened (COOKIE_SECRET changed since it was set up?): issue a new set-up link with npm run staff:add',
      );
    }
    return secret;
  }

  /** A new session for `member`, audited as `action`; returns the cookie's token. */
  async function startSession(member: StaffMember, ip: string, action: string) {
    const token = newStaffToken();
    await db.transaction().execute(async (trx) => {
      await staffRepository(trx).createSession(hashStaffToken(token), member.id);
      await recordAudit(trx, actorFor(member, ip), {
        action,
        entityType: 'staff',
        entityId: member.id,
      });
    });
    return token;
  }

  /** The account of a live set-up link; 404 `not_found` saying to ask for a new one. */
  async function setupAccount(token: string) {
    const account = SETUP_TOKEN.test(token)
      ? await staff.bySetupToken(hashStaffToken(token))
      : undefined;
    const secret = account ? openSecret(account, account.totp_secret) : null;
    if (!account || secret === null)
      throw new AppError('not_found', { message: SETUP_LINK_INVALID });
    return { ...account, totp_secret: secret };
  }

  return {
    /** Signs in: the session cookie's token and who signed in. */
    async login(
      body: Record<string, unknown>,
      context: { remoteIp: string },
    ): Promise<{ token: string; staff: StaffView }> {
      const email =
        typeof body.email === 'string' ? body.email.trim().toLowerCase().slice(0, 254) : '';
      const keys = [
        `staff-login:pair:${context.remoteIp}:${email}`,
        `staff-login:account:${email}`,
        `staff-login:address:${context.remoteIp}`,
      ] as const;
      const [pairAttempts, accountAttempts, addressAttempts] = await Promise.all(
        keys.map((key) => rateLimits.hit(key, LOGIN_LIMITS.windowS)),
      );
      const refuse = (reason: string): never => {
        deps.log.warn(
          { account: logPseudonym(email), remoteIp: context.remoteIp, reason },
          'staff sign-in refused',
        );
        throw new AppError('invalid_login');
      };
      if (
        (pairAttempts ?? 0) > LOGIN_LIMITS.perAddressAndAccount ||
        (accountAttempts ?? 0) > LOGIN_LIMITS.perAccount ||
        (addressAttempts ?? 0) > LOGIN_LIMITS.perAddress
      ) {
        await Promise.all(keys.map((key) => rateLimits.release(key)));
        deps.log.warn(
          { account: logPseudonym(email), remoteIp: context.remoteIp },
          'staff sign-in rate limited',
        );
        throw new AppError('rate_limit');
      }

      const parsed = staffLoginSchema.safeParse(body);
      const input = parsed.success ? parsed.data : { email, password: '', code: '' };
      const member = parsed.success ? await staff.credentialsByEmail(input.email) : undefined;
      // The same work whatever is wrong: a hash checked, a code checked.
      const passwordOk = await verify(member?.password_hash ?? (await decoyHash()), input.password);
      const secret = member ? openSecret(member, member.totp_secret) : null;
      const step = matchingStep(secret ?? DECOY_SECRET, input.code);
      if (!parsed.success) return refuse('malformed');
      if (!member) return refuse('unknown email');
      if (!member.password_hash || !member.totp_secret) return refuse('not set up');
      if (secret === null) return refuse('authenticator secret unreadable');
      if (member.disabled) return refuse('disabled');
      if (!passwordOk) return refuse('wrong password');
      if (step === null) return refuse('wrong code');
      if (!(await staff.acceptStep(member.id, step))) return refuse('code already used');

      const [pairKey, accountKey, addressKey] = keys;
      await Promise.all([
        rateLimits.clear(pairKey),
        rateLimits.release(accountKey),
        rateLimits.release(addressKey),
      ]);
      const token = await startSession(member, context.remoteIp, 'staff.login');
      return { token, staff: staffView(member) };
    },

    /** Ends the session (audited when it was live). */
    async logout(token: string | null, member: StaffMember | null, ip: string): Promise<void> {
      if (!token) return;
      await db.transaction().execute(async (trx) => {
        await staffRepository(trx).endSession(hashStaffToken(token));
        if (member) {
          await recordAudit(trx, actorFor(member, ip), {
            action: 'staff.logout',
            entityType: 'staff',
            entityId: member.id,
          });
        }
      });
    },

    /** What the set-up page shows for a live link. */
    async setupView(token: string): Promise<StaffSetupView> {
      const account = await setupAccount(token);
      const uri = otpauthUri(account.totp_secret, account.email);
      return {
        email: account.email,
        name: account.name,
        secret: account.totp_secret,
        otpauth_uri: uri,
        qr_svg: await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }),
      };
    },

    /**
     * Sets the account up from its link: the password, and a code proving the app is
     * enrolled (422 on `code` when it is not right). Signs in.
     */
    async completeSetup(
      token: string,
      input: z.output<typeof staffSetupSchema>,
      context: { remoteIp: string },
    ): Promise<{ token: string; staff: StaffView }> {
      const account = await setupAccount(token);
      const step = matchingStep(account.totp_secret, input.code);
      if (step === null) throw validationError({ code: [SETUP_CODE_WRONG] });
      const passwordHash = await hash(input.password);
      const member: StaffMember = {
        id: account.id,
        email: account.email,
        name: account.name,
        role: account.role,
      };
      const sessionToken = newStaffToken();
      await db.transaction().execute(async (trx) => {
        const repository = staffRepository(trx);
        const done = await repository.completeSetup(
          account.id,
          hashStaffToken(token),
          passwordHash,
          step,
        );
        if (!done) throw new AppError('not_found', { message: SETUP_LINK_INVALID });
        await repository.createSession(hashStaffToken(sessionToken), account.id);
        await recordAudit(trx, actorFor(member, context.remoteIp), {
          action: 'staff.setup',
          entityType: 'staff',
          entityId: account.id,
        });
      });
      return { token: sessionToken, staff: staffView(member) };
    },
  };
}

export type StaffAuthService = ReturnType<typeof staffAuthService>;
