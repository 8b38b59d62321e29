import type { $ZodError } from 'zod/v4/core';
import type { FieldErrors } from '../errors.ts';

/**
 * Per-field messages from a zod error (classic or mini: both are core `$ZodError`s), keyed by the request's field names
 * (`prefix` + the path), each field keeping its first message only once.
 */
export function fieldErrorsFromZod(error: $ZodError, prefix = ''): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = prefix + (issue.path.length ? issue.path.join('.') : 'body');
    const list = (errors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}
