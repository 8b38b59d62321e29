/**
 * A stand-in search over the catalogue snapshot, until the PostgreSQL engine lands:
 * substring match on names, the filters, paging and counted facets. Replaced by
 * pg-search.ts (ADR 055).
 */
import type { FacetValue, ProductListQuery } from '../../../domain/api/catalogue.ts';
import { pence } from '../../../domain/money.ts';
import type { CatalogueService, Family } from '../catalogue/catalogue.service.ts';
import type { ProductSearch, ProductSearchResult } from './search.port.ts';

function optionValues(family: Family, option: string): { slug: string; name: string }[] {
  return family.variations.flatMap((v) =>
    v.options.filter((p) => p.option.slug === option).map((p) => p.value),
  );
}

function count(families: Family[], values: (f: Family) => { slug: string; name: string }[]) {
  const counts = new Map<string, FacetValue>();
  for (const family of families) {
    const seen = new Set<string>();
    for (const value of values(family)) {
      if (seen.has(value.slug)) continue;
      seen.add(value.slug);
      const entry = counts.get(value.slug) ?? { slug: value.slug, name: value.name, count: 0 };
      entry.count++;
      counts.set(value.slug, entry);
    }
  }
  return [...counts.values()];
}

export function snapshotSearch(catalogue: CatalogueService): ProductSearch {
  return {
    async search(query: ProductListQuery): Promise<ProductSearchResult> {
      const snapshot = await catalogue.wholeSnapshot();
      const text = query.q?.trim().toLowerCase() ?? '';
      const price = (f: Family) => Math.min(...f.variations.map((v) => v.row.price));
      const matches = snapshot.families.filter(
        (f) =>
          (!text || f.row.name.toLowerCase().includes(text)) &&
          (!query.category || f.category.slug === query.category) &&
          (query.price_min === undefined || price(f) >= query.price_min) &&
          (query.price_max === undefined || price(f) <= query.price_max) &&
          (query.colour.length === 0 ||
            optionValues(f, 'colour').some((v) => query.colour.includes(v.slug))) &&
          (query.size.length === 0 ||
            optionValues(f, 'size').some((v) => query.size.includes(v.slug))) &&
          (!query.in_stock || f.variations.some((v) => snapshot.available(v) > 0)) &&
          (!query.preorder || f.variations.some((v) => v.row.is_preorder)),
      );
      const prices = matches.map(price);
      const start = (query.page - 1) * query.per_page;
      return {
        familyIds: matches.slice(start, start + query.per_page).map((f) => f.row.id),
        total: matches.length,
        facets: {
          categories: count(matches, (f) => [f.category]),
          colour: count(matches, (f) => optionValues(f, 'colour')),
          size: count(matches, (f) => optionValues(f, 'size')),
          price: {
            min: pence(prices.length ? Math.min(...prices) : 0),
            max: pence(prices.length ? Math.max(...prices) : 0),
          },
          in_stock: matches.filter((f) => f.variations.some((v) => snapshot.available(v) > 0))
            .length,
          preorder: matches.filter((f) => f.variations.some((v) => v.row.is_preorder)).length,
        },
        didYouMean: null,
      };
    },
    async suggest(text: string, limit: number) {
      const snapshot = await catalogue.wholeSnapshot();
      const needle = text.trim().toLowerCase();
      return snapshot.families
        .filter((f) => f.row.name.toLowerCase().includes(needle))
        .slice(0, limit)
        .map((f) => ({
          kind: 'product' as const,
          familyId: f.row.id,
          name: f.row.name,
          slug: f.row.slug,
        }));
    },
  };
}
