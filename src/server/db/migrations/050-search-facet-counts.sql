-- Facet counts for the text-less lists (home page, category pages) without counting
-- every search document per request (ADR 084; ADR 055's next step).
--
-- search_facet_counts holds signed deltas: each statement that writes search documents
-- appends one row per (category, key) whose count it changed, and a list sums the rows.
-- Appending locks no existing row, so a document write (an order's stock crossing zero,
-- a CSV import) never waits for another transaction here and cannot deadlock through
-- this table, whatever order its statements run in. search_facet_compact() (the
-- search-sales job, and after a catalogue fill) folds the rows into one per key.
--
-- Only documents that are not discontinued are counted: with no text, the lists show
-- those whenever there is at least one (the `live` rule in pg-search.ts); when there is
-- none the list falls back to the general statement.
--
-- key: an option value id (> 0), or 0 the families, -1 in stock, -2 pre-order.
CREATE TABLE search_facet_counts (
  category_id integer NOT NULL,
  key         integer NOT NULL,
  n           integer NOT NULL
);

CREATE FUNCTION search_facet_keys(option_value_ids integer[], in_stock boolean,
                                  preorder boolean) RETURNS integer[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ARRAY[0] || option_value_ids
    || CASE WHEN in_stock THEN ARRAY[-1] ELSE '{}'::integer[] END
    || CASE WHEN preorder THEN ARRAY[-2] ELSE '{}'::integer[] END
$$;

CREATE FUNCTION search_facet_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_facet_counts (category_id, key, n)
  SELECT d.category_id, k.key, count(*)::int
  FROM new_rows d, unnest(search_facet_keys(d.option_value_ids, d.in_stock, d.preorder)) AS k(key)
  WHERE NOT d.discontinued
  GROUP BY 1, 2;
  RETURN NULL;
END;
$$;
CREATE TRIGGER search_facet_insert AFTER INSERT ON search_documents
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_facet_inserted();

CREATE FUNCTION search_facet_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates (a refresh that changed nothing a facet counts, units sold) net to
  -- nothing and append no row.
  INSERT INTO search_facet_counts (category_id, key, n)
  SELECT category_id, key, sum(n)::int FROM (
    SELECT d.category_id, k.key, 1 AS n
    FROM new_rows d, unnest(search_facet_keys(d.option_value_ids, d.in_stock, d.preorder)) AS k(key)
    WHERE NOT d.discontinued
    UNION ALL
    SELECT d.category_id, k.key, -1
    FROM old_rows d, unnest(search_facet_keys(d.option_value_ids, d.in_stock, d.preorder)) AS k(key)
    WHERE NOT d.discontinued
  ) AS change
  GROUP BY 1, 2 HAVING sum(n) <> 0;
  RETURN NULL;
END;
$$;
CREATE TRIGGER search_facet_update AFTER UPDATE ON search_documents
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_facet_updated();

CREATE FUNCTION search_facet_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_facet_counts (category_id, key, n)
  SELECT d.category_id, k.key, -count(*)::int
  FROM old_rows d, unnest(search_facet_keys(d.option_value_ids, d.in_stock, d.preorder)) AS k(key)
  WHERE NOT d.discontinued
  GROUP BY 1, 2;
  RETURN NULL;
END;
$$;
CREATE TRIGGER search_facet_delete AFTER DELETE ON search_documents
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_facet_deleted();

-- Folds the deltas into one row per (category, key), dropping zeros; returns the rows
-- left. One statement: rows appended meanwhile by other transactions are not seen and
-- stay; a second fold at once waits for the first's rows and skips them once deleted.
CREATE FUNCTION search_facet_compact() RETURNS integer LANGUAGE sql AS $$
  WITH moved AS (DELETE FROM search_facet_counts RETURNING category_id, key, n),
  folded AS (
    INSERT INTO search_facet_counts (category_id, key, n)
    SELECT category_id, key, sum(n)::int FROM moved GROUP BY 1, 2 HAVING sum(n) <> 0
    RETURNING 1
  )
  SELECT count(*)::int FROM folded
$$;

INSERT INTO search_facet_counts (category_id, key, n)
SELECT d.category_id, k.key, count(*)::int
FROM search_documents d, unnest(search_facet_keys(d.option_value_ids, d.in_stock, d.preorder)) AS k(key)
WHERE NOT d.discontinued
GROUP BY 1, 2;

-- The page of a text-less list read in each sort's order from an index (top-N from the
-- index, not a sort of every document). Category pages: the category index of 029 for
-- position, this one for price (and the category's min and max price); other sorts in a
-- category sort that category's documents only.
CREATE INDEX search_documents_live_price_idx ON search_documents (price, position, family_id)
  WHERE NOT discontinued;
CREATE INDEX search_documents_live_price_desc_idx
  ON search_documents (price DESC, position, family_id) WHERE NOT discontinued;
CREATE INDEX search_documents_live_newest_idx
  ON search_documents (created_at DESC, family_id DESC) WHERE NOT discontinued;
CREATE INDEX search_documents_live_best_selling_idx
  ON search_documents (units_sold DESC, position, family_id) WHERE NOT discontinued;
CREATE INDEX search_documents_live_name_idx ON search_documents (lower(name), family_id)
  WHERE NOT discontinued;
CREATE INDEX search_documents_live_stock_idx ON search_documents (stock_rank, position, family_id)
  WHERE NOT discontinued;
CREATE INDEX search_documents_live_category_price_idx
  ON search_documents (category_id, price, position, family_id) WHERE NOT discontinued;
