import type { z } from 'zod';
import type { FieldErrors } from '../errors.ts';

/**
 * Per-field messages from a zod error, keyed by the request's field names
 * (`prefix` + the path), each field keeping its first message only once.
 */
export function fieldErrorsFromZod(error: z.ZodError, prefix = ''): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = prefix + (issue.path.length ? issue.path.join('.') : 'body');
    const list = (errors[key] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}
