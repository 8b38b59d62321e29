/**
 * React Email is loaded by the first email a process renders, not at its start (ADR 072):
 * `@react-email/components` costs about a second. A child process refuses to resolve any
 * `@react-email/` module: importing the app and the server's start-up must still work,
 * and rendering an email must then be refused (so the check can see a load at all).
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../../..');

const REFUSE = `export async function resolve(specifier, context, next) {
  if (specifier.startsWith('@react-email/')) throw new Error('React Email loaded: ' + specifier);
  return next(specifier, context);
}`;

/** Runs `code` (an ES module) under tsx with the refusing hook; its stdout, or the failure. */
async function withoutReactEmail(code: string): Promise<{ ok: boolean; output: string }> {
  const script = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(REFUSE)}));
${code}`;
  try {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: ROOT, timeout: 110_000 },
    );
    return { ok: true, output: stdout };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return { ok: false, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('React Email at start-up', () => {
  it('is not loaded by importing the app or the server start-up, only by a first email', async () => {
    const started = await withoutReactEmail(`
await import('./src/server/app.ts');
await import('./src/server/start-server.ts');
const { passwordReset } = await import('./src/server/emails/password-reset.tsx');
console.log('imported', passwordReset.subject(passwordReset.sample));`);
    expect(started.output).toContain('imported');
    expect(started.ok).toBe(true);

    const emailed = await withoutReactEmail(`
const { passwordReset } = await import('./src/server/emails/password-reset.tsx');
const { renderEmail } = await import('./src/server/emails/template.ts');
await renderEmail(passwordReset, passwordReset.sample, 'a@example.com');
console.log('rendered');`);
    expect(emailed.ok).toBe(false);
    expect(emailed.output).toContain('React Email loaded: @react-email/');
  }, 240_000);
});
