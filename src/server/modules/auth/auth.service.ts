/**
 * Logging in and out, registering, and resetting a forgotten password.
 *
 * Tokens are 32 random bytes, given to the browser once and stored only as a
 * SHA-256 hash with an expiry; logging out revokes one, a password change or reset
 * revokes all, and spends every outstanding reset link. Passwords are hashed with
 * argon2id. Failed logins are counted per address and account pair, per account and per
 * address (LOGIN_LIMITS); each attempt is counted before its password is checked, and
 * past a limit logins are refused with rate_limit without checking it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import type { z } from 'zod/mini';
import type { LoginResult } from '../../../domain/api/user.ts';
import { AppError, validationError } from '../../../domain/errors.ts';
import {
  CAPTCHA_FIELD,
  CAPTCHA_MISSING_MESSAGE,
  CAPTCHA_UNAVAILABLE_MESSAGE,
  type loginSchema,
  type registerSchema,
  type resetConfirmSchema,
  type resetRequestSchema,
} from '../../../domain/schemas/auth.ts';
import type { CaptchaVerifier } from '../../adapters/captcha/port.ts';
import type { Mailer } from '../../adapters/email/port.ts';
import { passwordReset } from '../../emails/password-reset.tsx';
import { renderEmail } from '../../emails/template.ts';
import { logPseudonym } from '../../lib/log-pseudonym.ts';
import type { AuthRepository, UserRecord } from './auth.repository.ts';
import type { RateLimitRepository } from './rate-limit.repository.ts';

export const TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/**
 * Failed logins allowed in a window: per address and account pair (what locks a
 * guesser out), per account across every address (a ceiling on a spread-out attack,
 * high enough that one attacker's address cannot lock the owner out), and per address
 * across accounts (one address trying many accounts).
 */
export const LOGIN_LIMITS = {
  perAddressAndAccount: 5,
  perAccount: 50,
  perAddress: 20,
  windowS: 15 * 60,
} as const;
/** Reset emails allowed per account and per address in a window (no email bombing). */
export const RESET_LIMITS = { perAccount: 3, perAddress: 10, windowS: 60 * 60 } as const;

/** The reply to every reset request, whether or not the account exists. */
export const RESET_REQUESTED_MESSAGE =
  'If an account exists for that email address, we have emailed a link to reset your password.';
export const RESET_DONE_MESSAGE =
  'Your password has been changed. Please log in with your new password.';
export const RESET_LINK_INVALID =
  'This link has expired or has already been used. Please request a new one.';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

// Checked against when an email has no account, so a miss takes as long as a hit.
const DECOY_HASH = hash('decoy-password-for-timing');

export const hashPassword = (password: string) => hash(password);

export function authService(deps: {
  repository: AuthRepository;
  rateLimits: RateLimitRepository;
  captcha: CaptchaVerifier;
  mailer: Mailer;
  /** The shop's public address, for links in emails (e.g. https://everbloom.example). */
  publicUrl: string;
  log: { warn(object: object, message: string): void };
}) {
  const { repository, rateLimits, captcha } = deps;

  async function checkCaptcha(token: string, action: string, remoteIp: string) {
    const result = await captcha.verify({ token, action, remoteIp });
    if (result.success) return;
    if (result.unavailable !== undefined) {
      // Nobody would otherwise learn that every login is failing (Cloudflare down, a
      // wrong secret key); the shopper is told to try again, not to redo the check.
      deps.log.warn(
        { action, cause: result.unavailable, errorCodes: result.errorCodes },
        'captcha check could not be made',
      );
      throw validationError({ [CAPTCHA_FIELD]: [CAPTCHA_UNAVAILABLE_MESSAGE] });
    }
    throw validationError({ [CAPTCHA_FIELD]: [CAPTCHA_MISSING_MESSAGE] });
  }

  async function issueToken(user: UserRecord): Promise<string> {
    const token = newToken();
    await repository.saveToken(hashToken(token), user.id, new Date(Date.now() + TOKEN_TTL_MS));
    return token;
  }

  return {
    /** The user a bearer token belongs to, if it is live. */
    async userForToken(token: string): Promise<UserRecord | undefined> {
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return undefined;
      return repository.userOfToken(hashToken(token));
    },

    /** Logs in: the reply, and the customer (whose basket the browser then gets). */
    async login(
      input: z.output<typeof loginSchema>,
      context: { remoteIp: string },
    ): Promise<{ result: LoginResult; userId: number }> {
      const pairKey = `login:pair:${context.remoteIp}:${input.email}`;
      const accountKey = `login:account:${input.email}`;
      const addressKey = `login:address:${context.remoteIp}`;
      const keys = [pairKey, accountKey, addressKey];
      // The attempt takes its place in every counter before anything is checked, in one
      // statement per counter, so parallel guesses each see their own count and none
      // slips past the limit. Only failed logins keep their place: an attempt refused
      // here or by the captcha, or one that succeeds, gives it back.
      const [pairAttempts, accountAttempts, addressAttempts] = await Promise.all([
        rateLimits.hit(pairKey, LOGIN_LIMITS.windowS),
        rateLimits.hit(accountKey, LOGIN_LIMITS.windowS),
        rateLimits.hit(addressKey, LOGIN_LIMITS.windowS),
      ]);
      const giveBack = () => Promise.all(keys.map((key) => rateLimits.release(key)));
      if (
        pairAttempts > LOGIN_LIMITS.perAddressAndAccount ||
        accountAttempts > LOGIN_LIMITS.perAccount ||
        addressAttempts > LOGIN_LIMITS.perAddress
      ) {
        await giveBack();
        deps.log.warn(
          { account: logPseudonym(input.email), remoteIp: context.remoteIp },
          'login rate limited',
        );
        throw new AppError('rate_limit');
      }
      try {
        await checkCaptcha(input[CAPTCHA_FIELD], 'login', context.remoteIp);
      } catch (error) {
        await giveBack();
        throw error;
      }

      const user = await repository.findUserByEmail(input.email);
      const ok = await verify(user?.password_hash ?? (await DECOY_HASH), input.password);
      if (!user || !ok) throw new AppError('invalid_login');
      // The owner's success forgives this address's failures on the account, not the
      // failures others made from elsewhere (or a guesser could reset the ceiling).
      await Promise.all([
        rateLimits.clear(pairKey),
        rateLimits.release(accountKey),
        rateLimits.release(addressKey),
      ]);
      const token = await issueToken(user);
      return {
        result: input.redirect_uri ? { token, redirect_uri: input.redirect_uri } : { token },
        userId: user.id,
      };
    },

    async logout(token: string | null): Promise<void> {
      if (token) await repository.revokeToken(hashToken(token));
    },

    /** Creates the account and logs it in: the reply, and the new customer. */
    async register(
      input: z.output<typeof registerSchema>,
      context: { remoteIp: string },
    ): Promise<{ result: LoginResult; userId: number }> {
      await checkCaptcha(input[CAPTCHA_FIELD], 'register', context.remoteIp);
      const user = await repository.createUser({
        email_address: input.email,
        password_hash: await hashPassword(input.password),
        title: input.title ?? null,
        first_name: input.first_name,
        last_name: input.last_name,
        newsletter: input.newsletter,
      });
      if (!user)
        throw new AppError('email_exists', {
          errors: { email: ['A registered user with that email address already exists.'] },
        });
      return { result: { token: await issueToken(user) }, userId: user.id };
    },

    /** Emails a single-use link when the account exists; the reply is always the same. */
    async requestReset(
      input: z.output<typeof resetRequestSchema>,
      context: { remoteIp: string },
    ): Promise<{ message: string }> {
      await checkCaptcha(input[CAPTCHA_FIELD], 'reset_password', context.remoteIp);
      const [perAccount, perAddress] = await Promise.all([
        rateLimits.hit(`reset:account:${input.email}`, RESET_LIMITS.windowS),
        rateLimits.hit(`reset:address:${context.remoteIp}`, RESET_LIMITS.windowS),
      ]);
      if (perAddress > RESET_LIMITS.perAddress) throw new AppError('rate_limit');
      const user = await repository.findUserByEmail(input.email);
      if (user && perAccount <= RESET_LIMITS.perAccount) {
        const token = newToken();
        await repository.saveResetLink(
          hashToken(token),
          user.id,
          new Date(Date.now() + RESET_LINK_TTL_MS),
        );
        const link = `${deps.publicUrl}/login/reset-password?token=${encodeURIComponent(token)}`;
        try {
          await deps.mailer.send(
            await renderEmail(
              passwordReset,
              { firstName: user.first_name, link },
              user.email_address,
            ),
          );
        } catch (error) {
          // The reply must not reveal whether the account exists, so a failure is logged.
          deps.log.warn({ err: error }, 'password reset email could not be sent');
        }
      }
      return { message: RESET_REQUESTED_MESSAGE };
    },

    /**
     * Sets a new password from a reset link (once), ending every session and every
     * other reset link of the account.
     */
    async confirmReset(input: z.output<typeof resetConfirmSchema>): Promise<{ message: string }> {
      const userId = await repository.useResetLink(hashToken(input.token));
      if (userId === undefined) throw validationError({ token: [RESET_LINK_INVALID] });
      await repository.setPassword(userId, await hashPassword(input.password));
      return { message: RESET_DONE_MESSAGE };
    },

    /**
     * Changes the password, ending every session and outstanding reset link, and
     * returns a new token.
     */
    async changePassword(
      user: UserRecord,
      currentPassword: string,
      password: string,
    ): Promise<LoginResult> {
      if (!(await verify(user.password_hash, currentPassword))) {
        throw validationError({ current_password: ['Your current password is not correct'] });
      }
      await repository.setPassword(user.id, await hashPassword(password));
      return { token: await issueToken(user) };
    },
  };
}

export type AuthService = ReturnType<typeof authService>;
