/**
 * sitemap.xml (ADR 059): the home page, each category's page and each product's page,
 * as absolute URLs. Up to 50,000 URLs it is one file; past that it is a sitemap index
 * naming /sitemaps/pages.xml (home and categories) and /sitemaps/products-N.xml (50,000
 * products each), as the sitemaps protocol limits a file to 50,000 URLs. Products are
 * read and written a batch at a time: the reply streams, memory stays flat.
 * No `lastmod`: the catalogue records when a product was created, not when it changed.
 */
import { categoryPath } from '../../../web/features/search/list-params.ts';
import type { SitemapRepository } from './sitemap.repository.ts';

/** The sitemaps protocol's most URLs in one file. */
export const SITEMAP_MAX_URLS = 50_000;
/** Families read from the database at a time. */
export const SITEMAP_BATCH = 1_000;

const XML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Text safe inside an XML element. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character] ?? character);
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A urlset of the given absolute URLs, a piece for each batch as it comes. */
export async function* urlsetXml(
  batches: AsyncIterable<readonly string[]>,
): AsyncGenerator<string> {
  yield `${XML_DECLARATION}<urlset xmlns="${NAMESPACE}">\n`;
  for await (const batch of batches) {
    yield batch.map((location) => `<url><loc>${escapeXml(location)}</loc></url>\n`).join('');
  }
  yield '</urlset>\n';
}

/** A sitemap index of the given sitemaps' absolute URLs. */
export function sitemapIndexXml(locations: readonly string[]): string {
  const entries = locations.map((l) => `<sitemap><loc>${escapeXml(l)}</loc></sitemap>\n`);
  return `${XML_DECLARATION}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('')}</sitemapindex>\n`;
}

export type SitemapReply =
  { kind: 'urlset'; body: AsyncIterable<string> } | { kind: 'index'; body: string };

const PRODUCTS_FILE = /^products-([1-9]\d{0,5})\.xml$/;

export function sitemaps(deps: {
  repository: SitemapRepository;
  /** The shop's public origin, without a trailing slash. */
  origin: string;
  /** URLs in one file (SITEMAP_MAX_URLS; tests make it small). */
  maxUrls?: number;
  batch?: number;
}) {
  const { repository, origin } = deps;
  const maxUrls = deps.maxUrls ?? SITEMAP_MAX_URLS;
  const batch = deps.batch ?? SITEMAP_BATCH;

  async function* pageLocations(categories: readonly string[]): AsyncGenerator<string[]> {
    yield [`${origin}/`, ...categories.map((slug) => `${origin}${categoryPath(slug)}`)];
  }

  /** `count` product pages from the `offset`-th family on, read `batch` at a time. */
  async function* productLocations(offset: number, count: number): AsyncGenerator<string[]> {
    let from = await repository.familyIdAt(offset);
    let left = count;
    while (from !== null && left > 0) {
      const asked = Math.min(batch, left);
      const rows = await repository.familiesFrom(from, asked);
      yield rows.map((row) => `${origin}/products/${encodeURIComponent(row.slug)}`);
      left -= rows.length;
      const last = rows.at(-1);
      from = rows.length === asked && last ? last.id + 1 : null;
    }
  }

  async function* concat(...parts: AsyncIterable<string[]>[]): AsyncGenerator<string[]> {
    for (const part of parts) yield* part;
  }

  return {
    /** /sitemap.xml: every page in one urlset, or an index of the files when too many. */
    async main(): Promise<SitemapReply> {
      const [categories, families] = await Promise.all([
        repository.categorySlugs(),
        repository.familyCount(),
      ]);
      if (1 + categories.length + families <= maxUrls) {
        return {
          kind: 'urlset',
          body: urlsetXml(concat(pageLocations(categories), productLocations(0, families))),
        };
      }
      const files = Math.ceil(families / maxUrls);
      return {
        kind: 'index',
        body: sitemapIndexXml([
          `${origin}/sitemaps/pages.xml`,
          ...Array.from({ length: files }, (_, i) => `${origin}/sitemaps/products-${i + 1}.xml`),
        ]),
      };
    },
    /** One file of the index by its name ('pages.xml', 'products-2.xml'), or null. */
    async file(name: string): Promise<AsyncIterable<string> | null> {
      if (name === 'pages.xml') return urlsetXml(pageLocations(await repository.categorySlugs()));
      const products = PRODUCTS_FILE.exec(name);
      if (!products?.[1]) return null;
      const offset = (Number(products[1]) - 1) * maxUrls;
      if (offset >= (await repository.familyCount())) return null;
      return urlsetXml(productLocations(offset, maxUrls));
    },
  };
}
