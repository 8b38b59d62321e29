/**
 * The product search engine in the shop's own database (ADR 055): PostgreSQL (or PGlite)
 * full-text search over the search documents of migration 029, kept current by triggers,
 * with typo correction and suggestions from its vocabulary. Two statements per search:
 * the vocabulary and synonyms for the typed words, then one for page, total and facets.
 */
import { sql, type RawBuilder } from 'kysely';
import type { FacetValue, ProductListQuery, ProductSort } from '../../../domain/api/catalogue.ts';
import { pence } from '../../../domain/money.ts';
import {
  allowedEdits,
  planSearch,
  skuCandidate,
  tokenise,
  type SearchPlan,
  type VocabularyHit,
} from '../../../domain/search.ts';
import type { Db } from '../../db/client.ts';
import type { ProductSearch, ProductSearchResult, SuggestionHit } from './search.port.ts';

/** The text search configuration: English stemming, so plurals find singulars. */
const CONFIG = sql.lit('english');

/** Looks up the typed words' near vocabulary words and synonyms (one statement). */
async function lookUp(db: Db, tokens: string[]): Promise<SearchPlan> {
  if (tokens.length === 0) return { words: [], corrected: null };
  const last = tokens[tokens.length - 1]!;
  // Levenshtein counts a swap as two edits: twice the allowed edits narrows the
  // candidates, and the optimal string alignment rule (domain/search.ts) decides.
  const slack = tokens.map((t) => allowedEdits(t) * 2);
  const { rows } = await sql<{
    kind: 'word' | 'synonym';
    token: string;
    word: string;
    families: number;
  }>`
    SELECT 'word' AS kind, t.token, w.word, w.families
    FROM unnest(${tokens}::text[], ${slack}::int[]) AS t(token, slack)
    JOIN search_words w
      ON w.word = t.token
      OR (t.token = ${last} AND length(t.token) >= 2 AND w.word LIKE t.token || '%')
      OR (t.slack > 0 AND abs(length(w.word) - length(t.token)) <= t.slack
          AND levenshtein_less_equal(w.word, t.token, t.slack) <= t.slack)
      OR (t.slack > 0 AND t.token = ${last} AND length(w.word) > length(t.token)
          AND levenshtein_less_equal(left(w.word, length(t.token)), t.token, t.slack) <= t.slack)
    UNION ALL
    SELECT 'synonym', s.word, other.word, 0
    FROM search_synonyms s
    JOIN search_synonyms other ON other.grp = s.grp AND other.word <> s.word
    WHERE s.word = ANY(${tokens}::text[])
  `.execute(db);
  const words: VocabularyHit[] = [];
  const synonyms = new Map<string, string[]>();
  for (const row of rows) {
    if (row.kind === 'word')
      words.push({ token: row.token, word: row.word, families: row.families });
    else synonyms.set(row.token, [...(synonyms.get(row.token) ?? []), row.word]);
  }
  return planSearch(tokens, { words, synonyms });
}

/**
 * Suggestions rank at most this many of a prefix's matches (found through the names'
 * GIN index): a broad prefix ("ar") matches most names, and ranking every one took
 * ~40 ms at 20,000 families. The few shown are then the best of these, not of all.
 */
const SUGGEST_CANDIDATES = 500;

/** `a && b && …` of tsqueries (or one that matches everything when none). */
function and(parts: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sql`(${sql.join(parts, sql` && `)})`;
}

function or(parts: RawBuilder<unknown>[]): RawBuilder<unknown> {
  return sql`(${sql.join(parts, sql` || `)})`;
}

const words = (list: string[]) => sql`websearch_to_tsquery(${CONFIG}, ${list.join(' or ')})`;
const prefixOf = (token: string) => sql`to_tsquery(${CONFIG}, ${`${token}:*`})`;

/** The three tsqueries of a plan: whole words, with the last as prefix, with corrections. */
function tsQueries(plan: SearchPlan) {
  const exact = plan.words.map((w) => words(w.exact));
  const strict = plan.words.map((w, i) =>
    w.prefix ? or([exact[i]!, prefixOf(w.token)]) : exact[i]!,
  );
  const fuzzy = plan.words.map((w, i) =>
    w.corrections.length ? or([strict[i]!, words(w.corrections)]) : strict[i]!,
  );
  return { exact: and(exact), strict: and(strict), fuzzy: and(fuzzy) };
}

interface SearchRow {
  ids: number[] | null;
  total: number;
  strict_total: number;
  categories: FacetValue[] | null;
  colour: FacetValue[] | null;
  size: FacetValue[] | null;
  price_min: number | null;
  price_max: number | null;
  in_stock: number;
  preorder: number;
}

function orderBy(sort: ProductSort, hasText: boolean) {
  switch (sort) {
    case 'relevance':
      return hasText
        ? sql`sku_hit DESC, in_name DESC, kind, stock_rank, rank DESC, position, family_id`
        : sql`stock_rank, position, family_id`;
    case 'price_asc':
      return sql`price, position, family_id`;
    case 'price_desc':
      return sql`price DESC, position, family_id`;
    case 'newest':
      return sql`created_at DESC, family_id DESC`;
    case 'best_selling':
      return sql`units_sold DESC, position, family_id`;
    case 'name':
      return sql`lower(name), family_id`;
    case 'position':
      return sql`position, family_id`;
  }
}

/** What the list needs of a document (not its vectors: they are large to carry along). */
const COLUMNS = sql.raw(
  [
    'family_id',
    'category_id',
    'name',
    'option_value_ids',
    'price',
    'in_stock',
    'preorder',
    'discontinued',
    'stock_rank',
    'position',
    'created_at',
    'units_sold',
  ]
    .map((c) => `d.${c}`)
    .join(', '),
);

const EMPTY_FACETS = {
  categories: [],
  colour: [],
  size: [],
  price: { min: pence(0), max: pence(0) },
  in_stock: 0,
  preorder: 0,
};

/** A text-less list with no filter but (maybe) a category: the common case (ADR 084). */
function isPlainList(query: ProductListQuery, text: string): boolean {
  return (
    text === '' &&
    query.price_min == null &&
    query.price_max == null &&
    query.colour.length === 0 &&
    query.size.length === 0 &&
    !query.in_stock &&
    !query.preorder
  );
}

interface PlainRow extends Omit<SearchRow, 'strict_total'> {
  live: number | null;
}

/**
 * A plain list (isPlainList) from the facet counts kept by migration 050's triggers and
 * the page from an index in the sort's order: the same answer as the general statement,
 * without reading every document. Null when no document is live (all discontinued or
 * none): the general statement's `live` rule then shows the discontinued ones.
 */
async function plainList(
  db: Db,
  query: ProductListQuery,
  sort: ProductSort,
): Promise<ProductSearchResult | null> {
  const category = query.category ?? null;
  // A category that does not exist matches nothing (category_id = NULL), as in general.
  const inCategory = (column: string) =>
    category === null
      ? sql`true`
      : sql`${sql.raw(column)} = (SELECT c.id FROM categories c WHERE c.slug = ${category})`;
  const start = (query.page - 1) * query.per_page;
  const option = (slug: string) => sql`(
    SELECT json_agg(json_build_object('slug', v.slug, 'name', v.name, 'count', x.count)
                    ORDER BY v.position, v.slug)
    FROM mine x
    JOIN product_option_values v ON v.id = x.key
    JOIN product_options o ON o.id = v.option_id AND o.slug = ${slug})`;
  const { rows } = await sql<PlainRow>`
    WITH counts AS MATERIALIZED (
      SELECT category_id, key, sum(n)::int AS count FROM search_facet_counts
      GROUP BY category_id, key HAVING sum(n) <> 0
    ),
    mine AS MATERIALIZED (
      SELECT key, sum(count)::int AS count FROM counts WHERE ${inCategory('category_id')}
      GROUP BY key
    ),
    page AS (
      SELECT family_id, row_number() OVER () AS n FROM (
        SELECT family_id FROM search_documents
        WHERE NOT discontinued AND ${inCategory('category_id')}
        ORDER BY ${orderBy(sort, false)}
        LIMIT ${query.per_page} OFFSET ${start}
      ) p
    )
    SELECT
      (SELECT sum(count)::int FROM counts WHERE key = 0) AS live,
      (SELECT array_agg(family_id ORDER BY n) FROM page) AS ids,
      coalesce((SELECT count FROM mine WHERE key = 0), 0) AS total,
      (SELECT json_agg(json_build_object('slug', c.slug, 'name', c.name, 'count', x.count)
                       ORDER BY c.position, c.id)
       FROM counts x JOIN categories c ON c.id = x.category_id WHERE x.key = 0) AS categories,
      ${option('colour')} AS colour,
      ${option('size')} AS size,
      (SELECT min(price) FROM search_documents
       WHERE NOT discontinued AND ${inCategory('category_id')}) AS price_min,
      (SELECT max(price) FROM search_documents
       WHERE NOT discontinued AND ${inCategory('category_id')}) AS price_max,
      coalesce((SELECT count FROM mine WHERE key = -1), 0) AS in_stock,
      coalesce((SELECT count FROM mine WHERE key = -2), 0) AS preorder
  `.execute(db);
  const row = rows[0]!;
  return row.live ? resultOf(row, null) : null;
}

/** A list statement's one row as the port's result. */
function resultOf(
  row: Omit<SearchRow, 'strict_total'>,
  didYouMean: string | null,
): ProductSearchResult {
  return {
    familyIds: row.ids ?? [],
    total: row.total,
    facets: {
      categories: row.categories ?? [],
      colour: row.colour ?? [],
      size: row.size ?? [],
      price: { min: pence(row.price_min ?? 0), max: pence(row.price_max ?? 0) },
      in_stock: row.in_stock,
      preorder: row.preorder,
    },
    didYouMean,
  };
}

/**
 * plainLists false answers every list with the general statement (the comparison in
 * plain-lists.integration.test.ts).
 */
export function pgSearch(db: Db, options: { plainLists?: boolean } = {}): ProductSearch {
  const plainLists = options.plainLists ?? true;
  return {
    async search(query: ProductListQuery): Promise<ProductSearchResult> {
      const text = query.q?.trim() ?? '';
      const tokens = tokenise(text);
      const sku = text ? skuCandidate(text) : null;
      if (text && tokens.length === 0) {
        // Only punctuation or symbols: nothing can match.
        return { familyIds: [], total: 0, facets: EMPTY_FACETS, didYouMean: null };
      }
      if (plainLists && isPlainList(query, text)) {
        const plain = await plainList(db, query, query.sort ?? 'position');
        if (plain) return plain;
      }
      return general(query, text, tokens, sku);
    },

    async suggest(text: string, limit: number): Promise<SuggestionHit[]> {
      return suggest(text, limit);
    },
  };

  /** Any list: one statement over every match (ADR 055). */
  async function general(
    query: ProductListQuery,
    text: string,
    tokens: string[],
    sku: string | null,
  ): Promise<ProductSearchResult> {
    const plan = await lookUp(db, tokens);
    const hasText = tokens.length > 0;
    const q = hasText ? tsQueries(plan) : null;
    const sort = query.sort ?? (hasText ? 'relevance' : 'position');
    // ts_rank, not ts_rank_cd: a tenth of the cost on broad words (cover density
    // re-reads every position) and the relevance test's answers are the same. No
    // rank at all when the list is not in relevance order.
    const hits = q
      ? sql`
            SELECT * FROM search_matches(${q.fuzzy}, ${q.strict}, ${q.exact}, ${sku ?? ''},
                                         ${sort === 'relevance'})`
      : sql`
            SELECT ${COLUMNS}, false AS sku_hit, 0 AS kind, false AS in_name, 0 AS rank
            FROM search_documents d`;
    const colour = query.colour.length > 0;
    const size = query.size.length > 0;
    const valueIds = (option: string, slugs: string[]) => sql`(
        SELECT coalesce(array_agg(v.id), '{}') FROM product_option_values v
        JOIN product_options o ON o.id = v.option_id
        WHERE o.slug = ${option} AND v.slug = ANY(${slugs}::text[]))`;
    // Counted per value id first, then named: joining each match's values to their
    // rows before counting cost twice as much on broad lists.
    // unnest in the select list (one ProjectSet) costs half a lateral unnest per row.
    const counted = (where: string) => sql`(
        SELECT id, count(*)::int AS count
        FROM (SELECT unnest(f.option_value_ids) AS id FROM f WHERE ${sql.raw(where)}) ov
        GROUP BY id)`;
    // With no colour or size filter both facets count the same families: one pass.
    const sharedCounts = !colour && !size;
    const optionFacet = (option: string, without: string) => sql`(
        SELECT json_agg(json_build_object('slug', v.slug, 'name', v.name, 'count', x.count)
                        ORDER BY v.position, v.slug)
        FROM ${sharedCounts ? sql`option_counts` : counted(without)} x
        JOIN product_option_values v ON v.id = x.id
        JOIN product_options o ON o.id = v.option_id AND o.slug = ${option})`;
    const all = 'f_cat AND f_price AND f_colour AND f_size AND f_stock AND f_pre';
    const but = (name: string) =>
      all
        .split(' AND ')
        .filter((part) => part !== name)
        .join(' AND ');
    const start = (query.page - 1) * query.per_page;
    const { rows } = await sql<SearchRow>`
        WITH hits AS (${hits}),
        live AS (
          SELECT * FROM hits h
          WHERE NOT h.discontinued OR h.sku_hit
             OR NOT EXISTS (SELECT 1 FROM hits o WHERE NOT o.discontinued)
        ),
        f AS (
          SELECT l.*,
            (${query.category ?? null}::text IS NULL OR l.category_id =
              (SELECT c.id FROM categories c WHERE c.slug = ${query.category ?? null})) AS f_cat,
            (l.price >= ${query.price_min ?? 0}
              AND (${query.price_max ?? null}::int IS NULL OR l.price <= ${query.price_max ?? null})) AS f_price,
            (${!colour} OR l.option_value_ids && ${valueIds('colour', query.colour)}) AS f_colour,
            (${!size} OR l.option_value_ids && ${valueIds('size', query.size)}) AS f_size,
            (${!query.in_stock} OR l.in_stock) AS f_stock,
            (${!query.preorder} OR l.preorder) AS f_pre
          FROM live l
        ),
        ${sharedCounts ? sql`option_counts AS ${counted(all)},` : sql``}
        page AS (
          SELECT family_id, row_number() OVER () AS n FROM (
            SELECT family_id FROM f WHERE ${sql.raw(all)}
            ORDER BY ${orderBy(sort, hasText)}
            LIMIT ${query.per_page} OFFSET ${start}
          ) p
        )
        SELECT
          (SELECT array_agg(family_id ORDER BY n) FROM page) AS ids,
          counters.*,
          (SELECT json_agg(json_build_object('slug', x.slug, 'name', x.name, 'count', x.count)
                           ORDER BY x.position, x.id)
           FROM (SELECT c.id, c.slug, c.name, c.position, count(*)::int AS count
                 FROM f JOIN categories c ON c.id = f.category_id
                 WHERE ${sql.raw(but('f_cat'))} GROUP BY c.id) x) AS categories,
          ${optionFacet('colour', but('f_colour'))} AS colour,
          ${optionFacet('size', but('f_size'))} AS size
        FROM (
          -- The six counters in one pass over the matches.
          SELECT
            count(*) FILTER (WHERE ${sql.raw(all)})::int AS total,
            count(*) FILTER (WHERE ${sql.raw(all)} AND kind < 2)::int AS strict_total,
            min(price) FILTER (WHERE ${sql.raw(but('f_price'))}) AS price_min,
            max(price) FILTER (WHERE ${sql.raw(but('f_price'))}) AS price_max,
            count(*) FILTER (WHERE ${sql.raw(but('f_stock'))} AND in_stock)::int AS in_stock,
            count(*) FILTER (WHERE ${sql.raw(but('f_pre'))} AND preorder)::int AS preorder
          FROM f
        ) counters
      `.execute(db);
    const row = rows[0]!;
    return resultOf(
      row,
      plan.corrected && row.strict_total === 0 && row.total > 0 ? plan.corrected : null,
    );
  }

  async function suggest(text: string, limit: number): Promise<SuggestionHit[]> {
    const tokens = tokenise(text);
    if (tokens.join('').length < 2) return [];
    const plan = await lookUp(db, tokens);
    const { fuzzy: q, strict } = tsQueries(plan);
    const categoryLimit = Math.min(2, limit);
    // Ranked by stock, sales and the merchant's order, among a bounded number of
    // matches (SUGGEST_CANDIDATES).
    const best = (match: RawBuilder<unknown>, exact: boolean) => sql`
        SELECT 'product', d.family_id, p.name, p.slug, ${sql.lit(exact)}
        FROM (SELECT family_id, stock_rank, units_sold, position FROM search_documents
              WHERE ${match} AND NOT discontinued LIMIT ${SUGGEST_CANDIDATES}) d
        JOIN products p ON p.id = d.family_id
        ORDER BY d.stock_rank, d.units_sold DESC, d.position, d.family_id
        LIMIT ${limit}`;
    const fuzzy = plan.words.some((w) => w.corrections.length > 0);
    const { rows } = await sql<{
      kind: 'product' | 'category';
      family_id: number | null;
      name: string;
      slug: string;
      exact: boolean;
    }>`
        (SELECT 'category' AS kind, NULL::int AS family_id, c.name, c.slug, true AS exact
         FROM categories c
         WHERE to_tsvector(${CONFIG}, search_fold(c.name)) @@ ${q}
         ORDER BY to_tsvector(${CONFIG}, search_fold(c.name)) @@ ${strict} DESC, c.position, c.id
         LIMIT ${categoryLimit})
        UNION ALL
        (${best(sql`name_document @@ ${strict}`, true)})
        ${
          fuzzy
            ? sql`UNION ALL (${best(sql`name_document @@ ${q} AND NOT (name_document @@ ${strict})`, false)})`
            : sql``
        }
      `.execute(db);
    const categories = rows.filter((r) => r.kind === 'category');
    // Whole words and prefixes as typed before typo matches.
    const products = [
      ...rows.filter((r) => r.kind === 'product' && r.exact),
      ...rows.filter((r) => r.kind === 'product' && !r.exact),
    ];
    return [
      ...products.slice(0, limit - categories.length).map((r): SuggestionHit => ({
        kind: 'product',
        familyId: r.family_id!,
        name: r.name,
        slug: r.slug,
      })),
      ...categories.map((r): SuggestionHit => ({ kind: 'category', name: r.name, slug: r.slug })),
    ];
  }
}
