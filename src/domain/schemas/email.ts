import { z } from 'zod/mini';

/** Longest email address accepted (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** The guest email and login email rule (spec section 5). */
export const emailSchema = z.pipe(
  z
    .string({ error: 'Required' })
    .check(
      z.trim(),
      z.minLength(1, 'Required'),
      z.maxLength(EMAIL_MAX_LENGTH, 'This must be an email address'),
    ),
  // Lower-cased only once it is known to be an address.
  z.email({ error: 'This must be an email address' }).check(z.toLowerCase()),
);
