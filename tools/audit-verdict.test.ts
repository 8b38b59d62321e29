import { describe, expect, it } from 'vitest';
import { auditVerdict, parseAuditOutput } from './audit-verdict.ts';

/** `npm audit --omit=dev --json` (npm 11, auditReportVersion 2) with one high advisory. */
const HIGH = JSON.stringify({
  auditReportVersion: 2,
  vulnerabilities: {
    'path-to-regexp': {
      name: 'path-to-regexp',
      severity: 'high',
      isDirect: false,
      via: [
        {
          source: 1101850,
          name: 'path-to-regexp',
          dependency: 'path-to-regexp',
          title: 'path-to-regexp outputs backtracking regular expressions',
          url: 'https://github.com/advisories/GHSA-9wv6-86v2-598j',
          severity: 'high',
          range: '<0.1.10',
        },
      ],
      effects: ['express'],
      range: '<0.1.10',
      nodes: ['node_modules/path-to-regexp'],
      fixAvailable: true,
    },
    express: {
      name: 'express',
      severity: 'moderate',
      isDirect: true,
      via: ['path-to-regexp'],
      effects: [],
      range: '4.0.0-rc1 - 4.19.2',
      nodes: ['node_modules/express'],
      fixAvailable: true,
    },
  },
  metadata: {
    vulnerabilities: { info: 0, low: 0, moderate: 1, high: 1, critical: 0, total: 2 },
    dependencies: { prod: 120, dev: 0, optional: 3, peer: 0, peerOptional: 0, total: 120 },
  },
});

const MODERATE_ONLY = JSON.stringify({
  auditReportVersion: 2,
  vulnerabilities: {
    nodemailer: { name: 'nodemailer', severity: 'moderate', via: [], range: '<6.9.9' },
  },
  metadata: {
    vulnerabilities: { info: 0, low: 0, moderate: 1, high: 0, critical: 0, total: 1 },
  },
});

const CLEAN = JSON.stringify({
  auditReportVersion: 2,
  vulnerabilities: {},
  metadata: {
    vulnerabilities: { info: 0, low: 0, moderate: 0, high: 0, critical: 0, total: 0 },
  },
});

/** What npm 11 printed here, where the advisory endpoint answers 405 (stdout, stderr). */
const UNREACHABLE = [
  JSON.stringify({
    message:
      '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    method: 'POST',
    uri: 'https://registry.npmjs.org/-/npm/v1/security/advisories/bulk',
    headers: { allow: ['GET,HEAD'], 'content-length': ['0'] },
    statusCode: 405,
    body: '',
  }),
  'npm warn audit 405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk\nnpm error audit endpoint returned an error\n',
] as const;

describe('the CI audit verdict', () => {
  it('fails on a high advisory, naming the package and its range', () => {
    expect(auditVerdict(parseAuditOutput(HIGH, ''), false)).toEqual({
      exitCode: 1,
      lines: [
        'npm audit: 1 moderate, 1 high in production dependencies',
        '  high: path-to-regexp <0.1.10',
      ],
    });
  });

  it('fails on a critical advisory', () => {
    const critical = JSON.parse(HIGH) as { vulnerabilities: Record<string, { severity: string }> };
    critical.vulnerabilities['path-to-regexp']!.severity = 'critical';
    expect(auditVerdict(parseAuditOutput(JSON.stringify(critical), ''), false).exitCode).toBe(1);
  });

  it('passes with moderate advisories only, and counts them', () => {
    expect(auditVerdict(parseAuditOutput(MODERATE_ONLY, ''), true)).toEqual({
      exitCode: 0,
      lines: ['npm audit: no high or critical advisories (1 moderate)'],
    });
    expect(auditVerdict(parseAuditOutput(CLEAN, ''), true)).toEqual({
      exitCode: 0,
      lines: ['npm audit: no high or critical advisories'],
    });
  });

  it('an unreachable advisory database is skipped with a warning, or fails when the audit is required', () => {
    const report = parseAuditOutput(...UNREACHABLE);
    const why =
      '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk';
    expect(auditVerdict(report, false)).toEqual({
      exitCode: 0,
      lines: [`npm audit: skipped — the advisory database did not answer (${why})`],
    });
    expect(auditVerdict(report, true)).toEqual({
      exitCode: 1,
      lines: [`npm audit: the advisory database did not answer (${why})`],
    });
  });

  it('output that is not JSON counts as no answer, with its first line as the reason', () => {
    expect(auditVerdict(parseAuditOutput('', 'npm error code ENOTFOUND\nmore'), true)).toEqual({
      exitCode: 1,
      lines: ['npm audit: the advisory database did not answer (npm error code ENOTFOUND)'],
    });
  });
});
