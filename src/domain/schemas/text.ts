import { z } from 'zod/mini';

/**
 * The field message for text holding a character no shop text needs and the database
 * cannot store: NUL (PostgreSQL's text refuses it) or half of a UTF-16 surrogate pair (a
 * lone surrogate, which is no character at all and which jsonb refuses). Typing cannot
 * produce either; pasting from some programs, or a hand-made request, can.
 */
export const UNUSUAL_CHARACTERS_MESSAGE = 'Please remove any unusual characters';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `text` holds NUL or a lone surrogate (see UNUSUAL_CHARACTERS_MESSAGE). */
export function hasUnusualCharacters(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/** The zod check refusing NUL and lone surrogates with UNUSUAL_CHARACTERS_MESSAGE. */
export function storableText() {
  return z.refine<string>((value) => !hasUnusualCharacters(value), UNUSUAL_CHARACTERS_MESSAGE);
}

/**
 * Trims, turns '' into null and caps the length; null and missing are allowed. Refuses
 * NUL and lone surrogates.
 */
export function optionalText(max: number) {
  const tooLong = `Please enter no more than ${max} characters`;
  return z.pipe(
    z.nullish(
      z.string({ error: tooLong }).check(z.trim(), z.maxLength(max, tooLong), storableText()),
    ),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  );
}

/**
 * Trims and requires at least one character; `message` for missing, empty or wrong type.
 * Refuses NUL and lone surrogates.
 */
export function requiredText(message: string, max: number) {
  return z
    .string({ error: message })
    .check(
      z.trim(),
      z.minLength(1, message),
      z.maxLength(max, `Please enter no more than ${max} characters`),
      storableText(),
    );
}
