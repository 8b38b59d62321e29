import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { ENGINES, openTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import { staffTotpSecrets } from '../modules/staff/totp.ts';
import { parseStaffAddArgs, staffAdd, STAFF_ADD_USAGE } from './staff-add.ts';

const SECRET = 'staff-add-test-cookie-secret-0123456789';

const run = promisify(execFile);
const PUBLIC_URL = 'https://shop.example';
const LINK = /^https:\/\/shop\.example\/admin\/setup\/[A-Za-z0-9_-]{43}$/m;

describe('staff:add arguments', () => {
  it('takes an email, a role and an optional name, and explains anything else', () => {
    expect(parseStaffAddArgs(['Olive@Shop.Example', 'owner', 'Olive', 'Green'])).toEqual({
      email: 'olive@shop.example',
      role: 'owner',
      name: 'Olive Green',
    });
    expect(parseStaffAddArgs(['dan@shop.example', 'dispatcher'])).toEqual({
      email: 'dan@shop.example',
      role: 'dispatcher',
      name: 'dan',
    });
    expect(parseStaffAddArgs([])).toEqual({ error: STAFF_ADD_USAGE });
    expect(parseStaffAddArgs(['dan@shop.example'])).toEqual({ error: STAFF_ADD_USAGE });
    expect(parseStaffAddArgs(['dan', 'boss'])).toEqual({
      error: `"dan" is not an email address.\n"boss" is not a role.\n${STAFF_ADD_USAGE}`,
    });
  });
});

describe.each(ENGINES)('staff:add on %s', (engine) => {
  let handle: TestDatabase;
  beforeEach(async () => {
    handle = await openTestDatabase(engine);
  });
  afterEach(() => handle.close());

  it('adds the account and prints its link; again, issues a new link and says so', async () => {
    const deps = { db: handle.db, publicUrl: PUBLIC_URL, totpSecrets: staffTotpSecrets(SECRET) };
    const args = { email: 'olive@shop.example', role: 'owner' as const, name: 'Olive Green' };
    const first = await staffAdd(deps, args);
    expect(first).toContain('Added staff account Olive Green <olive@shop.example>, Owner.');
    expect(first).toMatch(LINK);
    const second = await staffAdd(deps, { ...args, role: 'support' });
    expect(second).toContain('already has an account: issued a new set-up link');
    expect(second).toContain('Their role stays Owner');
    expect(second).toMatch(LINK);
    expect(second.match(LINK)?.[0]).not.toBe(first.match(LINK)?.[0]);
    // The authenticator secret the link enrols is kept sealed (ADR 075).
    const { totp_secret } = await handle.db
      .selectFrom('staff')
      .select('totp_secret')
      .where('email', '=', args.email)
      .executeTakeFirstOrThrow();
    expect(totp_secret).toMatch(/^v1\./);
    expect(staffTotpSecrets(SECRET).open(totp_secret!)).toMatch(/^[A-Z2-7]{32}$/);
    const audit = await handle.db
      .selectFrom('audit_log')
      .select(['action', 'actor', 'staff_id'])
      .where('entity_type', '=', 'staff')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'staff.create', actor: 'cli', staff_id: null },
      { action: 'staff.setup_link', actor: 'cli', staff_id: null },
    ]);
  });
});

describe('npm run staff:add as its own process (PGlite data folder)', () => {
  let dataDir: string;
  afterEach(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('prints the set-up link for the folder the server would use; bad arguments exit 1', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'everbloom-staff-add-'));
    const seeded = await openDatabase({
      kind: 'pglite',
      dataDir,
      loadDataDir: new Blob([await readFile(inject('pgliteDumpPath'))]),
    });
    await seeded.close();
    const script = resolve(import.meta.dirname, 'staff-add.ts');
    const tsx = pathToFileURL(resolve('node_modules/tsx/dist/loader.mjs')).href;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      PUBLIC_URL,
    };
    delete env.DATABASE_URL;
    const ok = await run(
      process.execPath,
      ['--import', tsx, script, 'first@shop.example', 'owner'],
      {
        env,
        cwd: dataDir,
      },
    );
    expect(ok.stdout).toContain('Added staff account first <first@shop.example>, Owner.');
    expect(ok.stdout).toMatch(LINK);

    const bad = await run(process.execPath, ['--import', tsx, script, 'x@shop.example', 'boss'], {
      env,
      cwd: dataDir,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(bad).toMatchObject({ code: 1 });
    expect((bad as { stderr: string }).stderr).toContain('"boss" is not a role.');
    expect((bad as { stderr: string }).stderr).toContain('Usage: npm run staff:add');

    const after = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const rows = await after.db.selectFrom('staff').select(['email', 'role']).execute();
      expect(rows).toEqual([{ email: 'first@shop.example', role: 'owner' }]);
    } finally {
      await after.close();
    }
  }, 120_000);
});
