/**
 * `npm audit --omit=dev` for CI: fails on a high or critical advisory in what production
 * installs, listing each (the verdict: tools/audit-verdict.ts). When the registry's
 * advisory endpoint cannot be reached (this workplace's network answers 405 to its
 * POST), it says so and passes, unless AUDIT_REQUIRED=true — then an unanswered audit
 * fails too.
 */
import { spawnSync } from 'node:child_process';
import { auditVerdict, parseAuditOutput } from './audit-verdict.ts';

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
const verdict = auditVerdict(
  parseAuditOutput(run.stdout, run.stderr),
  process.env.AUDIT_REQUIRED === 'true',
);
for (const line of verdict.lines) {
  if (verdict.exitCode === 0) console.log(line);
  else console.error(line);
}
process.exit(verdict.exitCode);
