import { expect, it } from 'vitest';
import './zod-jitless.ts';
import { config } from 'zod/v4/core';
import { z } from 'zod/mini';

it('makes zod parse without compiling code, so no eval probe meets the CSP', () => {
  expect(config().jitless).toBe(true);
  // Parsing still works, and validates, in jitless mode.
  const schema = z.object({ code: z.string().check(z.minLength(2)) });
  expect(schema.safeParse({ code: 'AB' }).success).toBe(true);
  expect(schema.safeParse({ code: 'A' }).success).toBe(false);
});
