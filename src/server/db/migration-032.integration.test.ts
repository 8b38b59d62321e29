/**
 * Migration 032 (ADR 064) on a database from before it: orders already placed with a
 * code are counted as its uses, with the discount their snapshot shows.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { migrate } from './migrate.ts';

describe('migration 032 on a database from before it', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite' });
  });
  afterAll(() => handle.close());

  it('gives orders placed with a code that code and its discount', async () => {
    const dir = join(import.meta.dirname, 'migrations');
    const earlier = (await readdir(dir)).filter((f) => /\.sql$/.test(f) && f < '032').sort();
    await handle.execScript(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    for (const file of earlier) {
      await handle.execScript(await readFile(join(dir, file), 'utf8'));
      await sql`INSERT INTO schema_migrations (name) VALUES (${file})`.execute(handle.db);
    }
    await sql`INSERT INTO vouchers (code, description, kind, value)
              VALUES ('TEN', '10% off', 'percent_items', 10),
                     ('TENOFF', '£10 off', 'fixed_items', 1000)`.execute(handle.db);
    const order = (n: number, discounts: unknown) =>
      sql`INSERT INTO orders (public_id, order_number, email_address, amount, snapshot)
          VALUES (${`00000000-0000-4000-8000-00000000000${n}`}, ${`EB-${n}`}, 'a@b.c', 1000,
                  ${JSON.stringify({ discounts })}::jsonb)`.execute(handle.db);
    await order(1, [{ label: 'TEN: 10% off', amount: 250, amount_label: '-£2.50' }]);
    await order(2, [{ label: 'TENOFF: £10.00 off', amount: 1000, amount_label: '-£10.00' }]);
    await order(3, []);
    await order(4, null);

    const applied = await migrate(handle);
    expect(applied[0]).toBe('032-voucher-uses.sql');
    const rows = await handle.db
      .selectFrom('orders')
      .select(['order_number', 'voucher_code', 'voucher_discount'])
      .orderBy('order_number')
      .execute();
    expect(rows).toEqual([
      { order_number: 'EB-1', voucher_code: 'TEN', voucher_discount: 250 },
      { order_number: 'EB-2', voucher_code: 'TENOFF', voucher_discount: 1000 },
      { order_number: 'EB-3', voucher_code: null, voucher_discount: 0 },
      { order_number: 'EB-4', voucher_code: null, voucher_discount: 0 },
    ]);
  });
});
