/**
 * The README's permission table is the one the server enforces (src/domain/staff.ts).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, ROLE_PERMISSIONS, STAFF_ROLES } from '../src/domain/staff.ts';

const README = readFileSync(join(import.meta.dirname, '../README.md'), 'utf8');

function readmeTable(): Map<string, string[]> {
  const section = README.split('### Roles and permissions')[1] ?? '';
  const rows = section
    .split('\n')
    .filter((line) => /^\|\s*`[a-z_.]+`/.test(line))
    .map((line) => line.split('|').map((cell) => cell.trim()));
  return new Map(
    rows.map((cells) => [
      cells[1]!.replaceAll('`', ''),
      STAFF_ROLES.filter((_, index) => cells[3 + index] === 'yes'),
    ]),
  );
}

describe('the README’s permission table', () => {
  it('lists every permission with the roles that hold it', () => {
    const table = readmeTable();
    expect([...table.keys()].sort()).toEqual(Object.keys(PERMISSIONS).sort());
    for (const [permission, roles] of table) {
      const holders = STAFF_ROLES.filter((role) =>
        ROLE_PERMISSIONS[role].includes(permission as keyof typeof PERMISSIONS),
      );
      expect({ permission, roles }).toEqual({ permission, roles: holders });
    }
  });
});
