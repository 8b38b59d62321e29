/**
 * What the back office's sign-in, account set-up and staff pages send (ADR 048), shared
 * by the server (which parses with them) and the browser (which shapes its forms by them).
 */
import { z } from 'zod/mini';
import { STAFF_ROLES } from '../staff.ts';
import { emailSchema } from './email.ts';
import { resetConfirmSchema } from './auth.ts';
import { requiredText } from './text.ts';

/** An authenticator app's code: six digits (RFC 6238, as the shop's TOTP settings). */
export const TOTP_CODE_MESSAGE = 'Please enter the six-digit code your authenticator app shows';
export const totpCodeSchema = z
  .string({ error: TOTP_CODE_MESSAGE })
  .check(z.trim(), z.regex(/^\d{6}$/, TOTP_CODE_MESSAGE));

/** Sign-in. The server answers anything wrong here with `invalid_login`, never per field. */
export const staffLoginSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1), z.maxLength(128)),
  code: totpCodeSchema,
});

/** Setting up an account from its one-time link: the customer's password rules. */
export const staffSetupSchema = z.object({
  password: resetConfirmSchema.shape.password,
  code: totpCodeSchema,
});

export const STAFF_ROLE_MESSAGE = 'Please choose a role';
const roleSchema = z.enum(STAFF_ROLES, { error: STAFF_ROLE_MESSAGE });

export const staffCreateSchema = z.object({
  email: emailSchema,
  name: requiredText('Please enter their name', 100),
  role: roleSchema,
});

export const STAFF_CHANGE_MESSAGE = 'Please give a new role or whether the account is disabled';
export const staffChangeSchema = z
  .object({
    role: z.optional(roleSchema),
    disabled: z.optional(z.boolean({ error: 'Please choose yes or no' })),
  })
  .check(
    z.refine((change) => change.role !== undefined || change.disabled !== undefined, {
      message: STAFF_CHANGE_MESSAGE,
      path: ['role'],
    }),
  );
