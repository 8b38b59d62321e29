import type { FastifyInstance } from 'fastify';
import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { validationError } from '../../domain/errors.ts';
import { fieldErrorsFromZod } from '../../domain/schemas/field-errors.ts';
import { hasUnusualCharacters, UNUSUAL_CHARACTERS_MESSAGE } from '../../domain/schemas/text.ts';

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

/**
 * The fields of `value` (keyed as validation errors key them: `a.b.0`) whose text, or a
 * key, holds NUL or a lone surrogate; `root` names the value itself.
 */
export function unusualCharacterFields(value: unknown, root: string): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') {
      if (hasUnusualCharacters(node)) found.push(path);
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, path === root ? String(index) : `${path}.${index}`));
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, item] of Object.entries(node)) {
        if (hasUnusualCharacters(key)) found.push(path);
        else walk(item, path === root ? key : `${path}.${key}`);
      }
    }
  };
  walk(value, root);
  return found;
}

/**
 * Refuses, on every route and before its handler, a body, query or path parameter whose
 * text holds NUL or a lone surrogate: 422 `validation` naming each field with the shared
 * schemas' message. Those characters reach no handler, so none can end as a database
 * error (PostgreSQL's text refuses NUL; jsonb refuses lone surrogates) — whichever schema,
 * shared or a route's own, reads the field.
 */
export function registerUnusualCharacterCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const fields = [
      ...unusualCharacterFields(request.params, 'path'),
      ...unusualCharacterFields(request.query, 'query'),
      ...unusualCharacterFields(request.body, 'body'),
    ];
    if (fields.length) {
      throw validationError(
        Object.fromEntries(fields.map((field) => [field, [UNUSUAL_CHARACTERS_MESSAGE]])),
      );
    }
  });
}
