import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATEMENTS_HEADER } from '../http/statement-count.ts';
import {
  createTestApp,
  ENGINES,
  openTestDatabase,
  Shopper,
  type TestApp,
  type TestDatabase,
} from '../testing/test-app.ts';
import { countStatements } from './statement-count.ts';

describe.each(ENGINES)('SQL statements counted on %s', (engine) => {
  let handle: TestDatabase;
  beforeAll(async () => {
    handle = await openTestDatabase(engine);
  });
  afterAll(() => handle.close());

  const readSku = () =>
    handle.db.selectFrom('products').select('sku').orderBy('id').limit(1).executeTakeFirst();

  it('counts each query and raw statement once, and adds them to the running total', async () => {
    const before = handle.statements.total;
    const { result, statements } = await countStatements(async () => {
      await readSku();
      await sql`SELECT 1`.execute(handle.db);
      return readSku();
    });
    expect(result?.sku).toBeTruthy();
    expect(statements).toBe(3);
    expect(handle.statements.total - before).toBe(3);
  });

  it('counts BEGIN and COMMIT of a transaction', async () => {
    const { statements } = await countStatements(() =>
      handle.db.transaction().execute(async (trx) => {
        await trx.selectFrom('products').select('id').limit(1).execute();
        await trx
          .updateTable('products')
          .set({ quantity_on_hand: sql`quantity_on_hand` })
          .where('id', '=', 1)
          .execute();
      }),
    );
    expect(statements).toBe(4);
  });

  it('counts the ROLLBACK of a transaction that failed, and the failed statement', async () => {
    const { statements } = await countStatements(async () => {
      await expect(
        handle.db.transaction().execute(async (trx) => {
          await trx.selectFrom('products').select('id').limit(1).execute();
          await sql`SELECT no_such_column FROM products`.execute(trx);
        }),
      ).rejects.toThrow(/no_such_column/);
    });
    // BEGIN, SELECT, the failed SELECT, ROLLBACK.
    expect(statements).toBe(4);
  });

  it('counts a controlled transaction, savepoints included where the engine has them', async () => {
    const { statements } = await countStatements(async () => {
      const trx = await handle.db.startTransaction().execute();
      if (engine === 'postgres') {
        const inner = await trx.savepoint('inner').execute();
        await inner.selectFrom('products').select('id').limit(1).execute();
        await inner.rollbackToSavepoint('inner').execute();
      } else {
        await trx.selectFrom('products').select('id').limit(1).execute();
      }
      await trx.commit().execute();
    });
    expect(statements).toBe(engine === 'postgres' ? 5 : 3);
  });

  it('keeps the counts of work running at the same time apart', async () => {
    const reads = (n: number) =>
      countStatements(async () => {
        for (let i = 0; i < n; i++) await readSku();
      });
    const [two, five, none] = await Promise.all([
      reads(2),
      reads(5),
      countStatements(async () => undefined),
    ]);
    expect([two.statements, five.statements, none.statements]).toEqual([2, 5, 0]);
  });
});

describe.each(ENGINES)('X-Sql-Statements on %s', (engine) => {
  let app: TestApp;
  let quiet: TestApp;
  beforeAll(async () => {
    app = await createTestApp(engine, { sqlStatementsHeader: true });
    quiet = await createTestApp(engine);
  });
  afterAll(async () => {
    await app.close();
    await quiet.close();
  });

  /** Sends one request alone and answers its header beside what the database counted. */
  async function alone(send: () => Promise<{ headers: Record<string, unknown> }>) {
    const before = app.handle.statements.total;
    const reply = await send();
    return {
      header: reply.headers[STATEMENTS_HEADER],
      counted: app.handle.statements.total - before,
    };
  }

  it("says how many statements each request sent, a body's included", async () => {
    const shopper = new Shopper(app.app);
    const products = await shopper.get('/api/v1/products');
    const productId = products.body.data.products[0].variations[0].id as number;

    const added = await alone(() =>
      shopper.post('/api/v1/basket', { product_id: productId, quantity: 1 }),
    );
    expect(Number(added.header)).toBeGreaterThan(0);
    expect(Number(added.header)).toBe(added.counted);

    const read = await alone(() => shopper.get('/api/v1/basket'));
    expect(Number(read.header)).toBeGreaterThan(0);
    expect(Number(read.header)).toBe(read.counted);
  });

  it('counts the same over a real connection, where the body arrives after the request', async () => {
    const origin = await app.app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const products = (await (await fetch(`${origin}/api/v1/products`)).json()) as {
        data: { products: { variations: { id: number }[] }[] };
      };
      const productId = products.data.products[0]?.variations[0]?.id;
      const added = await alone(async () => {
        const response = await fetch(`${origin}/api/v1/basket`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ product_id: productId, quantity: 1 }),
        });
        expect(response.status).toBe(200);
        return { headers: { [STATEMENTS_HEADER]: response.headers.get(STATEMENTS_HEADER) } };
      });
      expect(Number(added.header)).toBeGreaterThan(0);
      expect(Number(added.header)).toBe(added.counted);
    } finally {
      await app.app.server.close();
    }
  });

  it('says 0 for a request that never reaches the database', async () => {
    const health = await alone(() => new Shopper(app.app).get('/api/v1/health'));
    expect(health).toEqual({ header: '0', counted: 0 });
  });

  it('is absent unless asked for', async () => {
    const reply = await new Shopper(quiet.app).get('/api/v1/basket');
    expect(reply.headers[STATEMENTS_HEADER]).toBeUndefined();
  });
});
