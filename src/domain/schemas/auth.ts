import { z } from 'zod/mini';
import { safeRedirectPath } from '../safe-redirect.ts';
import { emailSchema } from './email.ts';
import { TITLES } from '../titles.ts';
import { requiredText } from './text.ts';

/** Shortest password accepted (spec section 9). */
export const PASSWORD_MIN_LENGTH = 6;
/** Longest password accepted (argon2 input is bounded to keep hashing cheap). */
export const PASSWORD_MAX_LENGTH = 128;

export const CAPTCHA_FIELD = 'cf-turnstile-response';
export const CAPTCHA_MISSING_MESSAGE = 'Please complete the security check';
/** A reset link whose token cannot be one (absent, too short): the form says so. */
export const LINK_INVALID_MESSAGE = 'This link is not valid';
/**
 * Shown at the captcha when the server could not make the check (Cloudflare could not
 * be reached): not the shopper's fault, so not the spec's "complete the check" message.
 */
export const CAPTCHA_UNAVAILABLE_MESSAGE =
  'We could not make the security check just now, please try again in a moment.';

const passwordSchema = z
  .string({ error: 'Required' })
  .check(
    z.minLength(1, 'Required'),
    z.minLength(
      PASSWORD_MIN_LENGTH,
      `Passwords must be at least ${PASSWORD_MIN_LENGTH} characters long`,
    ),
    z.maxLength(
      PASSWORD_MAX_LENGTH,
      `Passwords must be at most ${PASSWORD_MAX_LENGTH} characters long`,
    ),
  );

const captchaSchema = z
  .string({ error: CAPTCHA_MISSING_MESSAGE })
  .check(z.minLength(1, CAPTCHA_MISSING_MESSAGE), z.maxLength(2048, CAPTCHA_MISSING_MESSAGE));

/**
 * Where to go after logging in. Never a reason to refuse a login: anything but a path
 * on this site (see safeRedirectPath) is dropped, so the reply carries no redirect.
 */
const redirectSchema = z.pipe(z.optional(z.unknown()), z.transform(safeRedirectPath));

/**
 * The login payload (spec section 3): email, password, cf-turnstile-response, plus
 * the optional redirect_uri the page that asked for a login wants to return to.
 */
export const loginSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  [CAPTCHA_FIELD]: captchaSchema,
  redirect_uri: redirectSchema,
});
export type LoginInput = z.output<typeof loginSchema>;

/** The login form in the browser: the captcha token is checked by the widget's state. */
export const loginFormSchema = z.pick(loginSchema, { email: true, password: true });

export const registerSchema = z.object({
  title: z.nullish(z.enum(TITLES, { error: 'Please select an option' })),
  first_name: requiredText('Please enter your first name', 50),
  last_name: requiredText('Please enter your last name', 50),
  email: emailSchema,
  password: passwordSchema,
  newsletter: z._default(z.boolean(), false),
  [CAPTCHA_FIELD]: captchaSchema,
});

export const resetRequestSchema = z.object({
  email: emailSchema,
  [CAPTCHA_FIELD]: captchaSchema,
});

export const resetConfirmSchema = z.object({
  token: z
    .string({ error: LINK_INVALID_MESSAGE })
    .check(z.minLength(16, LINK_INVALID_MESSAGE), z.maxLength(200)),
  password: passwordSchema,
});

export const changePasswordSchema = z.object({
  current_password: z
    .string({ error: 'Required' })
    .check(z.minLength(1, 'Required'), z.maxLength(PASSWORD_MAX_LENGTH)),
  password: passwordSchema,
});

export const personalSchema = z.object({
  title: z.nullish(z.enum(TITLES, { error: 'Please select an option' })),
  first_name: requiredText('Please enter your first name', 50),
  last_name: requiredText('Please enter your last name', 50),
});

export const taxPreferenceSchema = z.object({
  prices_exclude_tax: z.boolean({ error: 'Please choose yes or no' }),
});

export const newsletterSchema = z.object({
  newsletter: z.boolean({ error: 'Please choose yes or no' }),
});

/** Abandoned-basket reminders on or off (ADR 077). */
export const basketRemindersSchema = z.object({
  basket_reminders: z.boolean({ error: 'Please choose yes or no' }),
});
