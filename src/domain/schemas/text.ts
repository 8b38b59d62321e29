import { z } from 'zod/mini';

/** Trims, turns '' into null and caps the length; null and missing are allowed. */
export function optionalText(max: number) {
  const tooLong = `Please enter no more than ${max} characters`;
  return z.pipe(
    z.nullish(z.string({ error: tooLong }).check(z.trim(), z.maxLength(max, tooLong))),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  );
}

/** Trims and requires at least one character; `message` for missing, empty or wrong type. */
export function requiredText(message: string, max: number) {
  return z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(max, `Please enter no more than ${max} characters`),
    );
}
