import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { migrate } from './migrate.ts';
import { seedDemoData } from './seed/seed.ts';
import { ENGINES, openTestDatabase } from '../testing/test-app.ts';

describe('migrations and demo data on an empty PGlite', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite' });
  });
  afterAll(() => handle.close());

  it('applies every migration once, then nothing on later starts', async () => {
    const first = await migrate(handle);
    expect(first).toEqual([
      '001-catalogue.sql',
      '002-delivery-vouchers-promotions.sql',
      '003-baskets.sql',
      '004-basket-line-unique.sql',
      '005-basket-version.sql',
      '006-accounts.sql',
      '007-basket-change-notify.sql',
      '008-drop-basket-change-notify.sql',
    ]);
    expect(await migrate(handle)).toEqual([]);
  });

  it('loads the demo catalogue once and keeps data on later starts', async () => {
    expect(await seedDemoData(handle.db)).toBe(true);
    await handle.db
      .updateTable('products')
      .set({ quantity_on_hand: 3 })
      .where('sku', '=', 'FERN-BOS')
      .execute();
    expect(await seedDemoData(handle.db)).toBe(false);
    const fern = await handle.db
      .selectFrom('products')
      .select('quantity_on_hand')
      .where('sku', '=', 'FERN-BOS')
      .executeTakeFirst();
    expect(fern?.quantity_on_hand).toBe(3);
  });
});

describe.each(ENGINES)('seeded test database on %s', (engine) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(() => handle.close());

  it('counts as numbers and dates as yyyy-MM-dd on both engines', async () => {
    const row = await handle.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(typeof row.n).toBe('number');
    const arch = await handle.db
      .selectFrom('products')
      .select('restock_date')
      .where('sku', '=', 'WIS-ARCH')
      .executeTakeFirst();
    expect(arch?.restock_date).toBe('2027-01-15');
  });

  it('runs transactions that roll back together', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('products')
          .set({ quantity_on_hand: 0 })
          .where('sku', '=', 'EUC-SPRAY')
          .execute();
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const row = await handle.db
      .selectFrom('products')
      .select('quantity_on_hand')
      .where('sku', '=', 'EUC-SPRAY')
      .executeTakeFirst();
    expect(row?.quantity_on_hand).toBeGreaterThan(0);
  });
});
