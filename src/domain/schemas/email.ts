import { z } from 'zod';

/** Longest email address accepted (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;

/** The guest email and login email rule (spec section 5). */
export const emailSchema = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(EMAIL_MAX_LENGTH, 'This must be an email address')
  .pipe(z.email({ error: 'This must be an email address' }))
  .transform((value) => value.toLowerCase());
