/**
 * Log pseudonyms: a stable stand-in for an identifier (an email address) in log lines,
 * so failures can be followed across lines without writing the address down. Used by
 * the HTTP layer and by services alike, so it lives in neither.
 */
import { createHash } from 'node:crypto';

/** A stable pseudonym for an identifier (e.g. an email address) in log lines. */
export function logPseudonym(value: string): string {
  return createHash('sha256').update(`everbloom-log:${value}`).digest('hex').slice(0, 16);
}
