/**
 * `npm run vendors:check`: runs every real adapter's contract test against its vendor
 * (Braintree's sandbox, Postcoder, Turnstile, the SMTP server) for each whose credentials
 * the environment (or .env) holds, and says which it could not check and why. Fails when
 * a contract fails, or when no vendor could be checked at all (ADR 042; README, go-live).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { vendorPlan } from './vendor-checks.ts';

if (existsSync('.env')) process.loadEnvFile('.env');
const plan = vendorPlan(process.env);
for (const check of plan.checks) {
  console.log(
    check.ready ? `✓ ${check.vendor}: checked` : `– ${check.vendor}: not checked (${check.reason})`,
  );
}
const ready = plan.checks.filter((check) => check.ready);
if (ready.length === 0) {
  console.error('No vendor credentials found: nothing was checked against a real vendor.');
  process.exit(1);
}
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'server', ...ready.map((check) => check.file)],
  { stdio: 'inherit', env: plan.env },
);
process.exit(run.status ?? 1);
