import { z } from 'zod';

/** Trims, turns '' into null and caps the length; null and missing are allowed. */
export function optionalText(max: number) {
  return z
    .string({ error: `Please enter no more than ${max} characters` })
    .trim()
    .max(max, `Please enter no more than ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));
}

/** Trims and requires at least one character; `message` for missing, empty or wrong type. */
export function requiredText(message: string, max: number) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(max, `Please enter no more than ${max} characters`);
}
