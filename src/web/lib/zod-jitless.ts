/**
 * Zod compiles fast parsers with `new Function` when the page allows it, and probes
 * for that on first use. The shop's content security policy forbids eval, so the
 * probe only ever fails, and each time the browser reports a policy violation. Jitless
 * parsing skips the probe (forms are small: the compiled parsers buy nothing here).
 *
 * Set through the global object zod's `config()` reads and writes, not by importing
 * zod: the first download then carries none of zod (about 4 KB gzip), which only the
 * lazily loaded forms need. Works whether zod loads before or after this module;
 * zod-jitless.test.ts fails if zod stops reading it. Imported first by main.tsx.
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
Object.assign((zodGlobal.__zod_globalConfig ??= {}), { jitless: true });
