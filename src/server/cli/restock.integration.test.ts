import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { AppError } from '../../domain/errors.ts';
import { outboxMailer, outboxReader } from '../adapters/email/outbox.ts';
import { openDatabase } from '../db/client.ts';
import { ENGINES, openTestDatabase, type TestDatabase } from '../testing/test-app.ts';
import { describeRestock, parseRestockArgs, restock, RESTOCK_USAGE } from './restock.ts';

const run = promisify(execFile);
const PUBLIC_URL = 'https://shop.example';

describe('restock command arguments', () => {
  it('takes a SKU and a whole quantity, and explains anything else', () => {
    expect(parseRestockArgs(['CALATHEA-60', '5'])).toEqual({ sku: 'CALATHEA-60', quantity: 5 });
    expect(parseRestockArgs([])).toEqual({ error: RESTOCK_USAGE });
    expect(parseRestockArgs(['CALATHEA-60'])).toEqual({ error: RESTOCK_USAGE });
    expect(parseRestockArgs(['CALATHEA-60', '5', 'extra'])).toEqual({ error: RESTOCK_USAGE });
    expect(parseRestockArgs(['CALATHEA-60', '-2'])).toEqual({
      error: 'The quantity must be a whole number of 1 or more, not "-2".',
    });
    expect(parseRestockArgs(['CALATHEA-60', '1.5'])).toHaveProperty('error');
  });
});

describe.each(ENGINES)('restock command on %s', (engine) => {
  let handle: TestDatabase;
  beforeEach(async () => {
    handle = await openTestDatabase(engine);
  });
  afterEach(() => handle.close());

  const deps = () => ({ db: handle.db, mailer: outboxMailer(handle.db), publicUrl: PUBLIC_URL });

  it('adds stock and emails the waiting sign-ups, saying what it did', async () => {
    const product = await handle.db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', 'CALATHEA-60')
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('stock_notifications')
      .values({ product_id: product.id, email_address: 'ada@example.com' })
      .execute();
    const result = await restock(deps(), 'calathea-60', 4);
    expect(describeRestock(result)).toBe(
      'Added 4 to CALATHEA-60 (Artificial Calathea): stock 0 → 4.\nBack-in-stock email sent: 1.',
    );
    expect(await outboxReader(handle.db).list({ to: 'ada@example.com' })).toHaveLength(1);
  });

  it('refuses an unknown SKU, a family, a bundle and a bad quantity', async () => {
    const refusal = async (sku: string, quantity: number) => {
      const error = await restock(deps(), sku, quantity).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      const app = error as AppError;
      return [app.message, ...Object.values(app.errors ?? {}).flat()].join(' | ');
    };
    expect(await refusal('NOPE-1', 3)).toBe('No product has the SKU NOPE-1.');
    expect(await refusal('P-ARTIFICIAL-CALATHEA', 3)).toContain('is a product family');
    expect(await refusal('BUNDLE-TRIO', 3)).toContain('is a bundle: its stock follows its parts');
    expect(await refusal('CALATHEA-60', 0)).toContain('Please give a whole number from 1 to');
    const stock = await handle.db
      .selectFrom('products')
      .select('quantity_on_hand')
      .where('sku', '=', 'CALATHEA-60')
      .executeTakeFirstOrThrow();
    expect(stock.quantity_on_hand).toBe(0);
  });
});

describe('npm run restock as its own process (PGlite data folder)', () => {
  let dataDir: string;
  afterEach(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('restocks the folder the server would use and prints the result; errors exit non-zero', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'everbloom-restock-'));
    // The seeded test database, written out as a server's data folder.
    const seeded = await openDatabase({
      kind: 'pglite',
      dataDir,
      loadDataDir: new Blob([await readFile(inject('pgliteDumpPath'))]),
    });
    const product = await seeded.db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', 'CALATHEA-60')
      .executeTakeFirstOrThrow();
    await seeded.db
      .insertInto('stock_notifications')
      .values({ product_id: product.id, email_address: 'ada@example.com' })
      .execute();
    await seeded.close();

    const script = resolve(import.meta.dirname, 'restock.ts');
    // Run from the data folder (no project .env), with tsx found from the project.
    const tsx = pathToFileURL(resolve('node_modules/tsx/dist/loader.mjs')).href;
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development' };
    delete env.DATABASE_URL;
    const ok = await run(process.execPath, ['--import', tsx, script, 'CALATHEA-60', '6'], {
      env,
      cwd: dataDir,
    });
    expect(ok.stdout).toContain('Added 6 to CALATHEA-60 (Artificial Calathea): stock 0 → 6.');
    expect(ok.stdout).toContain('Back-in-stock email sent: 1.');

    const unknown = await run(process.execPath, ['--import', tsx, script, 'NOPE-1', '2'], {
      env,
      cwd: dataDir,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(unknown).toMatchObject({ code: 1 });
    expect((unknown as { stderr: string }).stderr).toContain('No product has the SKU NOPE-1.');

    const after = await openDatabase({ kind: 'pglite', dataDir });
    try {
      const emails = await outboxReader(after.db).list({ to: 'ada@example.com' });
      expect(emails.map((e) => e.subject)).toEqual(['Back in stock: Artificial Calathea']);
    } finally {
      await after.close();
    }
    // Two processes each start tsx and the shop's modules (the email templates load React
    // and React Email, ADR 072): on a busy machine that alone came close to 30 s.
  }, 60_000);
});
