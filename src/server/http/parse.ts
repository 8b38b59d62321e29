import type { z } from 'zod';
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

/** Parses input with a zod schema; failures become a 422 with per-field messages. */
export function parseInput<S extends z.ZodType>(
  schema: S,
  input: unknown,
  prefix = '',
): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(fieldErrorsFromZod(result.error, prefix));
  return result.data;
}
