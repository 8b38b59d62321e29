import { describe, expect, it } from 'vitest';
import { listQuery } from '../../testing/list-query.ts';
import { sharedWithinPage, withinPage } from './page-reads.ts';
import type { ProductSearch, ProductSearchResult } from './search.port.ts';

const query = listQuery({ q: 'fern' });

/** An engine that counts its reads and can be told to fail the next one. */
function countingEngine() {
  const engine = {
    reads: 0,
    failNext: false,
    async search(): Promise<ProductSearchResult> {
      engine.reads += 1;
      if (engine.failNext) {
        engine.failNext = false;
        throw new Error('database gone');
      }
      return { familyIds: [engine.reads], total: 1, facets: {} as never, didYouMean: null };
    },
    suggest: async () => [],
  };
  return engine;
}

describe('one read of a list per page', () => {
  it('reads every time outside a page', async () => {
    const engine = countingEngine();
    const search: ProductSearch = sharedWithinPage(engine);
    await search.search(query);
    await search.search(query);
    expect(engine.reads).toBe(2);
  });

  it('shares an identical query within a page, whatever order its fields were set in', async () => {
    const engine = countingEngine();
    const search = sharedWithinPage(engine);
    const [first, second, other] = await withinPage(() =>
      Promise.all([
        search.search(query),
        search.search({
          preorder: false,
          in_stock: false,
          size: [],
          colour: [],
          per_page: 24,
          page: 1,
          q: 'fern',
        }),
        search.search({ ...query, page: 2 }),
      ]),
    );
    expect(engine.reads).toBe(2);
    expect(second).toBe(first);
    expect(other).not.toBe(first);
    // The next page starts afresh.
    await withinPage(() => search.search(query));
    expect(engine.reads).toBe(3);
  });

  it('asks again after a failed read', async () => {
    const engine = countingEngine();
    const search = sharedWithinPage(engine);
    engine.failNext = true;
    await withinPage(async () => {
      await expect(search.search(query)).rejects.toThrow('database gone');
      await expect(search.search(query)).resolves.toMatchObject({ familyIds: [2] });
    });
  });
});
