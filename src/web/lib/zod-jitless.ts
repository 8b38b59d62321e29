/**
 * Zod compiles fast parsers with `new Function` when the page allows it, and probes
 * for that on first use. The shop's content security policy forbids eval, so the
 * probe only ever fails, and each time the browser reports a policy violation. Jitless
 * parsing skips the probe (forms are small: the compiled parsers buy nothing here).
 * Imported first by main.tsx, before any schema is used.
 */
import { z } from 'zod';

z.config({ jitless: true });
