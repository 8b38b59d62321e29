import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { validationError } from '../../domain/errors.ts';
import { fieldErrorsFromZod } from '../../domain/schemas/field-errors.ts';

/** A JSON object body, or a validation error naming the body. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw validationError({ body: ['Please send a JSON object'] });
  }
  return body as Record<string, unknown>;
}

/**
 * Parses input with a zod schema, classic or mini (the shared ones are zod/mini, see
 * ADR 017); failures become a 422 with per-field messages.
 */
export function parseInput<S extends $ZodType>(schema: S, input: unknown, prefix = ''): output<S> {
  const result = safeParse(schema, input);
  if (!result.success) throw validationError(fieldErrorsFromZod(result.error, prefix));
  return result.data;
}
