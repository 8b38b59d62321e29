/**
 * What CI makes of `npm audit --omit=dev --json` (tools/audit.ts): fail on a high or
 * critical advisory, listing each; pass otherwise. A reply without an audit report (the
 * advisory endpoint unreachable: this workplace's network answers 405 to its POST)
 * passes with a warning, unless the audit is required — then it fails too.
 */

/** The parts of npm's audit report (auditReportVersion 2) the verdict reads. */
export interface AuditReport {
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { severity: string; range?: string }>;
  message?: string;
}

export interface AuditVerdict {
  exitCode: 0 | 1;
  /** Printed to stderr when failing, else to stdout. */
  lines: string[];
}

/** npm's stdout as a report; whatever else it printed becomes the report's message. */
export function parseAuditOutput(stdout: string, stderr: string): AuditReport {
  try {
    return JSON.parse(stdout) as AuditReport;
  } catch {
    return { message: (stderr || stdout || 'no output').trim().split('\n')[0] ?? 'no output' };
  }
}

export function auditVerdict(report: AuditReport, required: boolean): AuditVerdict {
  const counts = report.metadata?.vulnerabilities;
  if (!counts) {
    const why = report.message ?? 'no audit report';
    return required
      ? { exitCode: 1, lines: [`npm audit: the advisory database did not answer (${why})`] }
      : {
          exitCode: 0,
          lines: [`npm audit: skipped — the advisory database did not answer (${why})`],
        };
  }
  const serious = Object.entries(report.vulnerabilities ?? {}).filter(([, v]) =>
    ['high', 'critical'].includes(v.severity),
  );
  const summary = Object.entries(counts)
    .filter(([level, n]) => level !== 'total' && n > 0)
    .map(([level, n]) => `${n} ${level}`)
    .join(', ');
  if (serious.length > 0) {
    return {
      exitCode: 1,
      lines: [
        `npm audit: ${summary} in production dependencies`,
        ...serious.map(([name, v]) => `  ${v.severity}: ${name} ${v.range ?? ''}`.trimEnd()),
      ],
    };
  }
  return {
    exitCode: 0,
    lines: [`npm audit: no high or critical advisories${summary ? ` (${summary})` : ''}`],
  };
}
