/**
 * The tags for search engines and shared links (ADR 059), built from catalogue views:
 * escaping, prices and availability in the structured data, canonical addresses, the
 * robots directives, and the sitemap's files.
 */
import { describe, expect, it } from 'vitest';
import type { CategoryView, FamilyView, ProductView } from '../../../domain/api/catalogue.ts';
import { pence, STANDARD_VAT_BP, vatIncluded } from '../../../domain/money.ts';
import { priceView } from '../../../domain/price-view.ts';
import type { ProductSearch, ProductSearchResult } from '../search/search.port.ts';
import { descriptionOf, renderHead, type PageHead } from './head-tags.ts';
import { availabilityOf, jsonLdScript, productJsonLd, type JsonLd } from './json-ld.ts';
import { listCanonical, NOINDEX, pageHeadOf, seoHeadTags, type SeoDeps } from './page-head.ts';
import { robotsTxt } from './seo.service.ts';
import type { SitemapRepository } from './sitemap.repository.ts';
import { sitemaps } from './sitemap.ts';

const ORIGIN = 'https://shop.example';

const CATEGORIES: CategoryView[] = [
  {
    id: 1,
    slug: 'trees',
    name: 'Trees',
    description: 'Statement artificial trees that bring height and greenery to any room.',
    product_count: 2,
  },
  { id: 2, slug: 'house-plants', name: 'House Plants', description: '', product_count: 1 },
];

interface VariationSpec {
  id: number;
  sku: string;
  name?: string;
  price: number;
  available?: number;
  discontinued?: boolean;
  preorder?: boolean;
}

/** A family as the catalogue service views it (only what the head reads is varied). */
function family(spec: {
  id: number;
  name: string;
  slug: string;
  category: CategoryView;
  variations: VariationSpec[];
}): FamilyView {
  const primary_category = { name: spec.category.name, slug: spec.category.slug };
  const image = (file: string, alt: string) => ({
    src: `/media/products/${file}.svg`,
    srcset: `/media/products/${file}.svg 800w`,
    alt,
  });
  const price = (amount: number) => {
    const gross = pence(amount);
    return { price: priceView(gross, vatIncluded(gross, STANDARD_VAT_BP)) };
  };
  const common = {
    weight: 1000,
    length: 100,
    height: 100,
    volume: 1000,
    is_bundle: false,
    bundle_components: [],
    restock_date: null,
    primary_category,
  };
  const variations: ProductView[] = spec.variations.map((v) => ({
    ...common,
    id: v.id,
    parent_id: spec.id,
    sku: v.sku,
    name: spec.name,
    variation_name: v.name ?? '',
    url: `/products/${spec.slug}?variation=${v.id}`,
    preview_image: image(v.sku.toLowerCase(), spec.name),
    options: [],
    prices: price(v.price),
    quantity_available: v.discontinued ? 0 : (v.available ?? 20),
    quantity_on_hand: v.available ?? 20,
    discontinued: v.discontinued ?? false,
    preorder: v.preorder ?? false,
  }));
  return {
    ...common,
    id: spec.id,
    parent_id: null,
    sku: `P-${spec.id}`,
    slug: spec.slug,
    name: spec.name,
    description: `${spec.name}: realistic foliage on a weighted base.`,
    url: `/products/${spec.slug}`,
    preview_image: image(spec.slug, spec.name),
    prices: price(Math.min(...spec.variations.map((v) => v.price))),
    quantity_available: variations.reduce((sum, v) => sum + v.quantity_available, 0),
    quantity_on_hand: variations.reduce((sum, v) => sum + v.quantity_on_hand, 0),
    discontinued: variations.every((v) => v.discontinued),
    preorder: variations.some((v) => v.preorder),
    option_groups: [],
    variations,
  };
}

const oliveTree = family({
  id: 1,
  name: 'Artificial Olive Tree',
  slug: 'artificial-olive-tree',
  category: CATEGORIES[0]!,
  variations: [
    { id: 2, sku: 'OLV-90-BLK', name: '90cm, Black pot', price: 5499, available: 32 },
    { id: 3, sku: 'OLV-90-GRY', name: '90cm, Grey pot', price: 5499, discontinued: true },
    { id: 4, sku: 'OLV-120-BLK', name: '120cm, Black pot', price: 7999, available: 3 },
    { id: 5, sku: 'OLV-120-GRY', name: '120cm, Grey pot', price: 7999, available: 0 },
    { id: 7, sku: 'OLV-150-GRY', name: '150cm, Grey pot', price: 11999, available: 10 },
  ],
});

const fiddleLeafFig = family({
  id: 8,
  name: 'Artificial Fiddle Leaf Fig',
  slug: 'artificial-fiddle-leaf-fig',
  category: CATEGORIES[0]!,
  variations: [{ id: 9, sku: 'FIG-90', price: 5999 }],
});

/** The JSON-LD blocks of some head markup, parsed. */
function jsonLdOf(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? '') as JsonLd,
  );
}

function ofType(blocks: JsonLd[], type: string): JsonLd | undefined {
  return blocks.find((block) => block['@type'] === type);
}

const EMPTY_FACETS: ProductSearchResult['facets'] = {
  categories: [],
  colour: [],
  size: [],
  price: { min: pence(0), max: pence(0) },
  in_stock: 0,
  preorder: 0,
};

/** A catalogue of `families` and a search that finds those whose name holds each word. */
function fakeDeps(families: FamilyView[], categories: CategoryView[] = CATEGORIES) {
  const asked: Parameters<ProductSearch['search']>[0][] = [];
  const deps: SeoDeps = {
    publicUrl: `${ORIGIN}/`,
    catalogue: {
      familyBySlug: async (slug) => families.find((f) => f.slug === slug) ?? null,
      categoryViews: async () => categories,
      familyViews: async (ids) => families.filter((f) => ids.includes(f.id)),
    },
    search: {
      search: async (query) => {
        asked.push(query);
        const found = families.filter(
          (f) =>
            (query.q ?? '')
              .toLowerCase()
              .split(/\s+/)
              .every((word) => f.name.toLowerCase().includes(word)) &&
            (!query.category || f.primary_category.slug === query.category),
        );
        const start = (query.page - 1) * query.per_page;
        return {
          familyIds: found.slice(start, start + query.per_page).map((f) => f.id),
          total: found.length,
          facets: EMPTY_FACETS,
          didYouMean: null,
        };
      },
    },
  };
  return { deps, asked };
}

describe('the JSON-LD data block', () => {
  it('cannot be ended or broken out of by catalogue text, and reads back the same', () => {
    const name = 'Fern </script><script>alert(1)</script> <!-- & “quotes” \u2028';
    const script = jsonLdScript({ '@type': 'Product', name });
    expect(script.match(/<\/script/gi)).toHaveLength(1);
    expect(script.endsWith('</script>')).toBe(true);
    expect(script).not.toContain('<!--');
    const body = script.slice('<script type="application/ld+json">'.length, -'</script>'.length);
    expect(body).not.toMatch(/[<>&\u2028]/);
    expect(jsonLdOf(script)[0]?.name).toBe(name);
  });
});

describe('the head tags', () => {
  const head = (over: Partial<PageHead> = {}): PageHead => ({
    title: 'A "quoted" <b>name</b> & more | Everbloom',
    description: 'It’s "great" <i>really</i>',
    canonical: `${ORIGIN}/products/a?x="y"`,
    robots: null,
    type: 'product',
    image: { url: `${ORIGIN}/media/a.svg`, alt: 'A "quoted" name' },
    jsonLd: [],
    ...over,
  });

  it('escapes text in the title and in every attribute, so quotes cannot end one', () => {
    const html = renderHead(head());
    expect(html).toContain(
      '<title>A &quot;quoted&quot; &lt;b&gt;name&lt;/b&gt; &amp; more | Everbloom</title>',
    );
    expect(html).toContain(
      '<meta name="description" content="It’s &quot;great&quot; &lt;i&gt;really&lt;/i&gt;" />',
    );
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/products/a?x=&quot;y&quot;" />`);
    expect(html).not.toMatch(/<(b|i)>/);
  });

  it('carries Open Graph and a Twitter card, with the locale and the shop’s name', () => {
    const html = renderHead(head({ price: { amount: '54.99', currency: 'GBP' } }));
    for (const tag of [
      '<meta property="og:site_name" content="Everbloom" />',
      '<meta property="og:locale" content="en_GB" />',
      '<meta property="og:type" content="product" />',
      `<meta property="og:url" content="${ORIGIN}/products/a?x=&quot;y&quot;" />`,
      `<meta property="og:image" content="${ORIGIN}/media/a.svg" />`,
      '<meta property="product:price:amount" content="54.99" />',
      '<meta name="twitter:card" content="summary_large_image" />',
    ]) {
      expect(html).toContain(tag);
    }
    expect(html).not.toContain('name="robots"');
    expect(renderHead(head({ robots: NOINDEX }))).toContain(
      '<meta name="robots" content="noindex, follow" />',
    );
  });

  it('cuts a long description at a word, with an ellipsis', () => {
    const text = `${'Lush   trailing\nleaves '.repeat(20)}end`;
    const description = descriptionOf(text);
    expect(description.length).toBeLessThanOrEqual(160);
    const flat = text.replace(/\s+/g, ' ');
    const kept = description.slice(0, -1);
    expect(description.endsWith('…')).toBe(true);
    // Whole words only: what is kept is the text up to a space.
    expect(flat.startsWith(`${kept} `)).toBe(true);
    expect(descriptionOf(' Short one. ')).toBe('Short one.');
  });
});

describe('a product as schema.org data', () => {
  const product = productJsonLd(ORIGIN, oliveTree);
  const offers = product.offers as JsonLd[];

  it('has the product’s name, sku, brand, absolute address and pictures', () => {
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Artificial Olive Tree',
      sku: oliveTree.sku,
      url: `${ORIGIN}/products/artificial-olive-tree`,
      brand: { '@type': 'Brand', name: 'Everbloom' },
    });
    const images = product.image as string[];
    expect(images.length).toBeGreaterThan(1);
    for (const image of images) expect(image).toMatch(/^https:\/\/shop\.example\/media\//);
  });

  it('offers each variation at its price in decimal pounds, new, with its availability', () => {
    expect(offers).toHaveLength(oliveTree.variations.length);
    expect(offers[0]).toEqual({
      '@type': 'Offer',
      sku: 'OLV-90-BLK',
      name: '90cm, Black pot',
      url: `${ORIGIN}/products/artificial-olive-tree?variation=2`,
      price: '54.99',
      priceCurrency: 'GBP',
      availability: 'https://schema.org/InStock',
      itemCondition: 'https://schema.org/NewCondition',
    });
    expect(offers.map((o) => o.price)).toEqual(['54.99', '54.99', '79.99', '79.99', '119.99']);
    expect(offers.map((o) => o.availability)).toEqual(
      ['InStock', 'Discontinued', 'InStock', 'OutOfStock', 'InStock'].map(
        (state) => `https://schema.org/${state}`,
      ),
    );
  });

  it('says pre-order, out of stock and discontinued as the product page does', () => {
    const base = { discontinued: false, preorder: false, quantity_available: 0 };
    expect(availabilityOf({ ...base, quantity_available: 1 })).toBe('InStock');
    expect(availabilityOf(base)).toBe('OutOfStock');
    expect(availabilityOf({ ...base, preorder: true })).toBe('PreOrder');
    expect(availabilityOf({ ...base, preorder: true, quantity_available: 5 })).toBe('PreOrder');
    expect(availabilityOf({ ...base, discontinued: true, preorder: true })).toBe('Discontinued');
  });
});

describe('canonical addresses of list pages', () => {
  it('keep the page number but not filters or sort; a search’s text is normalised', () => {
    expect(listCanonical(ORIGIN, { kind: 'home' }, 1)).toBe(`${ORIGIN}/`);
    expect(listCanonical(ORIGIN, { kind: 'home' }, 3)).toBe(`${ORIGIN}/?page=3`);
    expect(listCanonical(ORIGIN, { kind: 'category', slug: 'trees' }, 2)).toBe(
      `${ORIGIN}/categories/trees?page=2`,
    );
    expect(listCanonical(ORIGIN, { kind: 'search', q: '  Olive   TREE ' }, 1)).toBe(
      `${ORIGIN}/search?q=olive+tree`,
    );
    expect(listCanonical(ORIGIN, { kind: 'search', q: 'a&b' }, 2)).toBe(
      `${ORIGIN}/search?q=a%26b&page=2`,
    );
  });
});

describe('the head of each page', () => {
  const fern = family({
    id: 40,
    name: 'Fern </script><script>alert("x")</script>',
    slug: 'fern',
    category: CATEGORIES[1]!,
    variations: [{ id: 41, sku: 'FERN', price: 2450, preorder: true, available: 0 }],
  });
  const catalogue = [oliveTree, fiddleLeafFig, fern];

  it('a product page: its title, canonical, Product and breadcrumbs Home › Category › Product', async () => {
    const { deps } = fakeDeps(catalogue);
    const html = await seoHeadTags(deps, '/products/artificial-olive-tree?variation=4');
    expect(html).toContain('<title>Artificial Olive Tree | Everbloom</title>');
    expect(html).toContain(
      `<link rel="canonical" href="${ORIGIN}/products/artificial-olive-tree" />`,
    );
    const blocks = jsonLdOf(html);
    expect(ofType(blocks, 'Product')?.name).toBe('Artificial Olive Tree');
    const crumbs = ofType(blocks, 'BreadcrumbList')?.itemListElement as JsonLd[];
    expect(crumbs.map((c) => [c.position, c.name, c.item])).toEqual([
      [1, 'Home', `${ORIGIN}/`],
      [2, 'Trees', `${ORIGIN}/categories/trees`],
      [3, 'Artificial Olive Tree', `${ORIGIN}/products/artificial-olive-tree`],
    ]);
  });

  it('a product whose name holds markup cannot break out of the title or the data block', async () => {
    const { deps } = fakeDeps(catalogue);
    const html = await seoHeadTags(deps, '/products/fern');
    expect(html).not.toContain('<script>alert');
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    const product = ofType(jsonLdOf(html), 'Product');
    expect(product?.name).toBe(fern.name);
    expect((product?.offers as JsonLd[])[0]).toMatchObject({
      price: '24.50',
      availability: 'https://schema.org/PreOrder',
    });
  });

  it('an unknown product: not found, not indexed, no product data', async () => {
    const { deps } = fakeDeps(catalogue);
    const html = await seoHeadTags(deps, '/products/no-such-plant');
    expect(html).toContain('<title>Product not found | Everbloom</title>');
    expect(html).toContain('<meta name="robots" content="noindex" />');
    expect(html).not.toContain('canonical');
    expect(jsonLdOf(html)).toEqual([]);
  });

  it('the home page: the web site with its search, and the page’s products in order', async () => {
    const { deps } = fakeDeps(catalogue);
    const html = await seoHeadTags(deps, '/?sort=price_desc&colour=green');
    expect(html).toContain('<title>Everbloom — artificial plants and flowers</title>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/" />`);
    const blocks = jsonLdOf(html);
    expect(ofType(blocks, 'WebSite')?.potentialAction).toMatchObject({
      '@type': 'SearchAction',
      target: { urlTemplate: `${ORIGIN}/search?q={search_term_string}` },
    });
    const items = ofType(blocks, 'ItemList')?.itemListElement as JsonLd[];
    expect(items.map((i) => i.url)).toEqual(catalogue.map((f) => `${ORIGIN}${f.url}`));
  });

  it('a category page asks for the list the page shows, and keeps only its page in the canonical', async () => {
    const { deps, asked } = fakeDeps(catalogue);
    const head = await pageHeadOf(deps, '/categories/trees?sort=price_asc&page=2&in_stock=1');
    expect(asked[0]).toMatchObject({
      category: 'trees',
      sort: 'price_asc',
      page: 2,
      in_stock: true,
    });
    expect(head?.title).toBe('Trees | Everbloom');
    expect(head?.canonical).toBe(`${ORIGIN}/categories/trees?page=2`);
    // Page 2 of two trees is empty: not indexed.
    expect(head?.robots).toBe(NOINDEX);
    const first = await pageHeadOf(deps, '/categories/trees');
    expect(first?.robots).toBeNull();
    expect(first?.description).toBe(CATEGORIES[0]?.description);
    const crumbs = ofType(first?.jsonLd ?? [], 'BreadcrumbList')?.itemListElement as JsonLd[];
    expect(crumbs.map((c) => c.name)).toEqual(['Home', 'Trees']);
    // The home page's old category links are the category's page.
    expect((await pageHeadOf(deps, '/?category=trees'))?.canonical).toBe(
      `${ORIGIN}/categories/trees`,
    );
    expect((await pageHeadOf(deps, '/categories/nope'))?.robots).toBe('noindex');
  });

  it('a search is indexed when it finds something, never when it finds nothing', async () => {
    const { deps } = fakeDeps(catalogue);
    const found = await pageHeadOf(deps, '/search?q=Olive&sort=price_asc');
    expect(found?.title).toBe('Search results for “Olive” | Everbloom');
    expect(found?.robots).toBeNull();
    expect(found?.canonical).toBe(`${ORIGIN}/search?q=olive`);
    expect(found?.description).toMatch(/^1 artificial plants and flowers matching “Olive”/);
    expect((await pageHeadOf(deps, '/search?q=zzzz'))?.robots).toBe(NOINDEX);
    expect((await pageHeadOf(deps, '/search'))?.robots).toBe(NOINDEX);
  });

  it('a search text with markup, quotes or odd characters stays text; a very long one is not indexed', async () => {
    const { deps } = fakeDeps(catalogue);
    const q = '"><script>alert(1)</script>\u202e';
    const html = await seoHeadTags(deps, `/search?q=${encodeURIComponent(q)}`);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('<title>Search results for “&quot;&gt;&lt;script&gt;alert(1)');
    expect(html).toContain('<meta name="robots" content="noindex, follow" />');
    const long = await pageHeadOf(deps, `/search?q=${'olive '.repeat(12)}`);
    expect(long?.jsonLd.some((block) => block['@type'] === 'ItemList')).toBe(true);
    expect(long?.robots).toBe(NOINDEX);
  });

  it('other pages keep index.html’s head', async () => {
    const { deps } = fakeDeps(catalogue);
    expect(await seoHeadTags(deps, '/basket')).toBe('');
    expect(await seoHeadTags(deps, '/products/%E0%A4%A')).toBe('');
  });
});

describe('robots.txt', () => {
  it('keeps crawlers out of private pages and names the sitemap', () => {
    const text = robotsTxt(ORIGIN, true);
    for (const path of ['/checkout', '/basket', '/account', '/admin', '/api/', '/order']) {
      expect(text).toContain(`\nDisallow: ${path}\n`);
    }
    expect(text).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });

  it('keeps every crawler out of a shop that does not allow indexing, with no sitemap', () => {
    const text = robotsTxt(ORIGIN, false);
    expect(text).toMatch(/User-agent: \*\nDisallow: \/\n$/);
    expect(text).not.toContain('Sitemap');
  });
});

describe('the sitemap', () => {
  /** `count` families with ids 10, 20, 30, …, counting the reads. */
  function repository(count: number, categories = ['trees', 'house-plants']) {
    const reads: number[] = [];
    const ids = Array.from({ length: count }, (_, i) => (i + 1) * 10);
    const repo: SitemapRepository = {
      categorySlugs: async () => categories,
      familyCount: async () => count,
      familyIdAt: async (offset) => ids[offset] ?? null,
      familiesFrom: async (fromId, limit) => {
        const rows = ids.filter((id) => id >= fromId).slice(0, limit);
        reads.push(rows.length);
        return rows.map((id) => ({ id, slug: `plant-${id}` }));
      },
    };
    return { repo, reads };
  }

  async function text(body: AsyncIterable<string> | string): Promise<string> {
    if (typeof body === 'string') return body;
    let out = '';
    for await (const piece of body) out += piece;
    return out;
  }

  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);

  it('lists home, each category and each product in one file, read a batch at a time', async () => {
    const { repo, reads } = repository(25);
    const main = await sitemaps({ repository: repo, origin: ORIGIN, batch: 10 }).main();
    expect(main.kind).toBe('urlset');
    const xml = await text(main.body);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns=/);
    const urls = locs(xml);
    expect(urls.slice(0, 3)).toEqual([
      `${ORIGIN}/`,
      `${ORIGIN}/categories/trees`,
      `${ORIGIN}/categories/house-plants`,
    ]);
    expect(urls).toHaveLength(28);
    expect(urls.at(-1)).toBe(`${ORIGIN}/products/plant-250`);
    expect(reads).toEqual([10, 10, 5]);
  });

  it('becomes an index of files past the most URLs a file may hold', async () => {
    const { repo } = repository(25);
    const files = sitemaps({ repository: repo, origin: ORIGIN, maxUrls: 10, batch: 4 });
    const main = await files.main();
    expect(main.kind).toBe('index');
    expect(locs(await text(main.body))).toEqual([
      `${ORIGIN}/sitemaps/pages.xml`,
      `${ORIGIN}/sitemaps/products-1.xml`,
      `${ORIGIN}/sitemaps/products-2.xml`,
      `${ORIGIN}/sitemaps/products-3.xml`,
    ]);
    const third = locs(await text((await files.file('products-3.xml'))!));
    expect(third).toEqual([210, 220, 230, 240, 250].map((id) => `${ORIGIN}/products/plant-${id}`));
    const second = locs(await text((await files.file('products-2.xml'))!));
    expect(second).toHaveLength(10);
    expect(second[0]).toBe(`${ORIGIN}/products/plant-110`);
    expect(locs(await text((await files.file('pages.xml'))!))).toHaveLength(3);
    expect(await files.file('products-4.xml')).toBeNull();
    expect(await files.file('products-0.xml')).toBeNull();
    expect(await files.file('other.xml')).toBeNull();
  });

  it('escapes what it writes', async () => {
    const { repo } = repository(0, ['a&b']);
    const xml = await text((await sitemaps({ repository: repo, origin: ORIGIN }).main()).body);
    expect(xml).toContain(`<loc>${ORIGIN}/categories/a%26b</loc>`);
  });
});
