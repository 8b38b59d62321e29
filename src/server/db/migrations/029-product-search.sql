-- Product search in the shop's own database (ADR 055): one search document per product
-- family (weighted full-text vector, SKUs, and what the filters, facets and sorts need),
-- a vocabulary of words for typo correction and suggestions, and synonyms as data. All
-- kept current by triggers in the same transaction as the change: never stale.

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;

-- search_fold(text): lower case without accents. unaccent where the server has it,
-- else a translation of the common Latin accents, so the code works either way.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'unaccent') THEN
    CREATE EXTENSION IF NOT EXISTS unaccent;
    EXECUTE $f$
      CREATE FUNCTION search_fold(value text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS 'SELECT lower(public.unaccent(''public.unaccent''::regdictionary, value))'
    $f$;
  ELSE
    EXECUTE $f$
      CREATE FUNCTION search_fold(value text) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
      AS $b$ SELECT translate(lower(value),
        'àáâãäåāçćčèéêëēėęìíîïīñńòóôõöøōùúûüūýÿžźż',
        'aaaaaaaccceeeeeeeiiiiinnoooooooouuuuuyyzzz') $b$
    $f$;
  END IF;
END
$$;

-- Synonyms a UK shopper uses, and irregular forms: words of one group find each other.
CREATE TABLE search_synonyms (
  grp  integer NOT NULL,
  word text NOT NULL,
  PRIMARY KEY (word, grp)
);
INSERT INTO search_synonyms (grp, word) VALUES
  (1, 'faux'), (1, 'fake'), (1, 'artificial'), (1, 'silk'), (1, 'imitation'),
  (2, 'pot'), (2, 'planter'), (2, 'pots'), (2, 'planters'),
  (3, 'plant'), (3, 'plants'),
  (4, 'cactus'), (4, 'cacti'), (4, 'cactuses'),
  (5, 'leaf'), (5, 'leaves'),
  (6, 'grey'), (6, 'gray'),
  (7, 'colour'), (7, 'color'),
  (8, 'succulent'), (8, 'succulents'),
  (9, 'flower'), (9, 'flowers'), (9, 'blooms'), (9, 'bloom'),
  (10, 'pothos'), (10, 'devils'), (10, 'devil');

-- One row per product family that has variations.
CREATE TABLE search_documents (
  -- No foreign key: a deleted family's document goes through search_refresh (below), which
  -- also takes its words out of the vocabulary.
  family_id     integer PRIMARY KEY,
  category_id   integer NOT NULL,
  name          text NOT NULL,
  -- name A, category and option values B, description C.
  document      tsvector NOT NULL,
  -- The name alone: "all words in the name" ranks above words elsewhere.
  name_document tsvector NOT NULL,
  -- The family's and its variations' SKUs, upper case: an exact SKU ranks first.
  skus          text[] NOT NULL,
  -- Folded words of name, category and option values (the vocabulary's source).
  words         text[] NOT NULL,
  option_value_ids integer[] NOT NULL,
  -- Cheapest variation still sold (any variation when all are discontinued).
  price         integer NOT NULL,
  -- Something can be bought now or pre-ordered.
  in_stock      boolean NOT NULL,
  preorder      boolean NOT NULL,
  -- Every variation is discontinued.
  discontinued  boolean NOT NULL,
  -- 0 in stock, 1 out of stock, 2 discontinued.
  stock_rank    smallint NOT NULL,
  position      integer NOT NULL,
  created_at    timestamptz NOT NULL,
  -- Units in paid orders (kept by the order triggers below).
  units_sold    integer NOT NULL DEFAULT 0
);
CREATE INDEX search_documents_document_idx ON search_documents USING gin (document);
CREATE INDEX search_documents_skus_idx ON search_documents USING gin (skus);
CREATE INDEX search_documents_name_trgm_idx ON search_documents USING gin (name gin_trgm_ops);
CREATE INDEX search_documents_category_idx ON search_documents (category_id, position, family_id);
CREATE INDEX search_documents_position_idx ON search_documents (position, family_id);
-- Suggestions match names alone (pg-search.ts).
CREATE INDEX search_documents_name_document_idx ON search_documents USING gin (name_document);

-- The vocabulary: words of names, categories and option values, with how many
-- families use them (typo correction and suggestions).
CREATE TABLE search_words (
  word     text PRIMARY KEY,
  families integer NOT NULL
);
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);

CREATE FUNCTION search_words_of(value text) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT w), '{}')
  FROM regexp_split_to_table(search_fold(coalesce(value, '')), '[^a-z0-9]+') AS w
  WHERE length(w) >= 2 AND w ~ '[a-z]'
$$;

-- Recomputes the documents of some families (and removes those of families gone or
-- without variations). units_sold is kept as it is.
CREATE FUNCTION search_refresh(family_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  gone_words text[];
  came_words text[];
BEGIN
  IF family_ids IS NULL OR cardinality(family_ids) = 0 THEN
    RETURN;
  END IF;
  -- The vocabulary is adjusted once per call, not per document: many updates of one
  -- word's row in a transaction would each walk the row's earlier versions.
  SELECT coalesce(array_agg(w), '{}') INTO gone_words
  FROM (SELECT DISTINCT id FROM unnest(family_ids) AS asked(id)) asked
  JOIN search_documents d ON d.family_id = asked.id, unnest(d.words) AS w;
  DELETE FROM search_documents d
  USING unnest(family_ids) AS gone(id)
  WHERE d.family_id = gone.id
    AND NOT EXISTS (
      SELECT 1 FROM products f
      WHERE f.id = d.family_id AND f.parent_id IS NULL
        AND EXISTS (SELECT 1 FROM products v WHERE v.parent_id = f.id));
  -- Set-based (one aggregate over all asked families, not a subquery per family): a bulk
  -- load runs before the planner's statistics know the new rows' numbers.
  WITH asked AS MATERIALIZED (SELECT DISTINCT id FROM unnest(family_ids) AS asked(id)),
  vars AS MATERIALIZED (
    SELECT p.id, p.parent_id, p.sku, p.price, p.discontinued, p.is_preorder,
      -- A bundle with a part discontinued (or not there) makes none.
      CASE WHEN EXISTS (SELECT 1 FROM bundle_components b WHERE b.bundle_id = p.id)
        THEN coalesce((SELECT min(part.quantity_on_hand / b.quantity)
              FROM bundle_components b JOIN products part ON part.id = b.component_id
              WHERE b.bundle_id = p.id AND NOT part.discontinued
              HAVING count(*) = (SELECT count(*) FROM bundle_components b2 WHERE b2.bundle_id = p.id)), 0)
        ELSE p.quantity_on_hand END AS available
    FROM asked JOIN products p ON p.parent_id = asked.id
  ),
  agg AS (
    SELECT parent_id AS family_id, array_agg(upper(sku)) AS skus,
      coalesce(min(price) FILTER (WHERE NOT discontinued), min(price)) AS price,
      coalesce(bool_or(NOT discontinued AND (is_preorder OR available > 0)), false) AS in_stock,
      coalesce(bool_or(NOT discontinued AND is_preorder), false) AS preorder,
      bool_and(discontinued) AS discontinued
    FROM vars GROUP BY parent_id
  ),
  opts AS (
    SELECT v.parent_id AS family_id, string_agg(DISTINCT ov.name, ' ') AS names,
      array_agg(DISTINCT ov.id) AS value_ids
    FROM vars v
    JOIN product_variation_values pvv ON pvv.product_id = v.id
    JOIN product_option_values ov ON ov.id = pvv.option_value_id
    GROUP BY v.parent_id
  )
  INSERT INTO search_documents AS d (family_id, category_id, name, document, name_document,
    skus, words, option_value_ids, price, in_stock, preorder, discontinued, stock_rank,
    position, created_at)
  SELECT f.id, f.category_id, f.name,
    setweight(to_tsvector('english', search_fold(f.name)), 'A') ||
    setweight(to_tsvector('english', search_fold(c.name || ' ' || coalesce(o.names, ''))), 'B') ||
    setweight(to_tsvector('english', search_fold(f.description)), 'C'),
    to_tsvector('english', search_fold(f.name)),
    array_append(v.skus, upper(f.sku)),
    search_words_of(f.name || ' ' || c.name || ' ' || coalesce(o.names, '')),
    coalesce(o.value_ids, '{}'),
    v.price, v.in_stock, v.preorder, v.discontinued,
    CASE WHEN v.in_stock THEN 0 WHEN v.discontinued THEN 2 ELSE 1 END,
    f.position, f.created_at
  FROM agg v
  JOIN products f ON f.id = v.family_id
  JOIN categories c ON c.id = f.category_id
  LEFT JOIN opts o ON o.family_id = f.id
  WHERE f.parent_id IS NULL
  ON CONFLICT (family_id) DO UPDATE SET
    category_id = excluded.category_id, name = excluded.name, document = excluded.document,
    name_document = excluded.name_document, skus = excluded.skus, words = excluded.words,
    option_value_ids = excluded.option_value_ids, price = excluded.price,
    in_stock = excluded.in_stock, preorder = excluded.preorder,
    discontinued = excluded.discontinued, stock_rank = excluded.stock_rank,
    position = excluded.position, created_at = excluded.created_at;
  SELECT coalesce(array_agg(w), '{}') INTO came_words
  FROM (SELECT DISTINCT id FROM unnest(family_ids) AS asked(id)) asked
  JOIN search_documents d ON d.family_id = asked.id, unnest(d.words) AS w;
  IF gone_words = came_words THEN
    RETURN;
  END IF;
  INSERT INTO search_words AS s (word, families)
  SELECT w, sum(n)::int FROM (
    SELECT unnest(came_words) AS w, 1 AS n
    UNION ALL
    SELECT unnest(gone_words), -1
  ) AS change
  GROUP BY w HAVING sum(n) <> 0
  ON CONFLICT (word) DO UPDATE SET families = s.families + excluded.families;
  DELETE FROM search_words WHERE families <= 0;
END;
$$;

-- Families whose documents depend on some products: their own families, and the
-- families of bundles made of them (a bundle's stock follows its parts').
CREATE FUNCTION search_families_of(product_ids integer[]) RETURNS integer[]
LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(DISTINCT fid), '{}') FROM (
    SELECT coalesce(p.parent_id, p.id) AS fid
    FROM unnest(product_ids) AS changed(id) JOIN products p ON p.id = changed.id
    UNION
    SELECT coalesce(bp.parent_id, bp.id)
    FROM unnest(product_ids) AS changed(id)
    JOIN bundle_components b ON b.component_id = changed.id
    JOIN products bp ON bp.id = b.bundle_id
  ) AS f
$$;

-- ---------- triggers: every change refreshes the affected documents in its transaction

CREATE FUNCTION search_products_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh(search_families_of(
    (SELECT array_agg(id) FROM new_rows)));
  RETURN NULL;
END;
$$;
CREATE TRIGGER search_products_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_products_inserted();

CREATE FUNCTION search_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only changes the documents depend on (e.g. not weights or pictures).
  PERFORM search_refresh(
    search_families_of((
      SELECT array_agg(n.id) FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.name, n.description, n.sku, n.category_id, n.price, n.quantity_on_hand,
             n.is_preorder, n.discontinued, n.position, n.parent_id, n.created_at)
        IS DISTINCT FROM
            (o.name, o.description, o.sku, o.category_id, o.price, o.quantity_on_hand,
             o.is_preorder, o.discontinued, o.position, o.parent_id, o.created_at)))
    || (SELECT coalesce(array_agg(DISTINCT coalesce(o.parent_id, o.id)), '{}')
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.parent_id IS DISTINCT FROM n.parent_id));
  RETURN NULL;
END;
$$;
CREATE TRIGGER search_products_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_products_updated();

CREATE FUNCTION search_products_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh((
    SELECT coalesce(array_agg(DISTINCT coalesce(o.parent_id, o.id)), '{}') FROM old_rows o));
  RETURN NULL;
END;
$$;
CREATE TRIGGER search_products_delete AFTER DELETE ON products
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_products_deleted();

CREATE FUNCTION search_variation_values_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_refresh(search_families_of(
      (SELECT array_agg(product_id) FROM old_rows)));
  ELSE
    PERFORM search_refresh(search_families_of(
      (SELECT array_agg(product_id) FROM new_rows)));
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER search_variation_values_insert AFTER INSERT ON product_variation_values
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_variation_values_changed();
CREATE TRIGGER search_variation_values_delete AFTER DELETE ON product_variation_values
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_variation_values_changed();

CREATE FUNCTION search_bundles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM search_refresh(search_families_of((SELECT array_agg(bundle_id) FROM old_rows)));
  ELSE
    PERFORM search_refresh(search_families_of((SELECT array_agg(bundle_id) FROM new_rows)));
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER search_bundles_insert AFTER INSERT ON bundle_components
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_bundles_changed();
CREATE TRIGGER search_bundles_delete AFTER DELETE ON bundle_components
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_bundles_changed();

-- A renamed category or option value: the families carrying it.
CREATE FUNCTION search_category_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    PERFORM search_refresh((SELECT array_agg(family_id) FROM search_documents
                            WHERE category_id = NEW.id));
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER search_category_update AFTER UPDATE ON categories
  FOR EACH ROW EXECUTE FUNCTION search_category_changed();

CREATE FUNCTION search_option_value_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.name IS DISTINCT FROM OLD.name THEN
    PERFORM search_refresh((SELECT array_agg(family_id) FROM search_documents
                            WHERE option_value_ids @> ARRAY[NEW.id]));
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER search_option_value_update AFTER UPDATE ON product_option_values
  FOR EACH ROW EXECUTE FUNCTION search_option_value_changed();

-- Best selling: units in paid (or later) orders, per family, kept as orders are paid.
CREATE FUNCTION search_order_sold(status text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$ SELECT status IN ('paid', 'dispatched') $$;

CREATE FUNCTION search_sales_add(order_ids integer[], sign integer) RETURNS void
LANGUAGE sql AS $$
  UPDATE search_documents d SET units_sold = greatest(0, d.units_sold + sign * s.units)
  FROM (
    SELECT coalesce(p.parent_id, p.id) AS family_id, sum(i.quantity)::int AS units
    FROM order_items i JOIN products p ON p.id = i.product_id
    WHERE i.order_id = ANY(order_ids) AND NOT i.is_promotion_item
    GROUP BY 1
  ) s
  WHERE d.family_id = s.family_id
$$;

CREATE FUNCTION search_orders_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_sales_add((SELECT array_agg(n.id) FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE search_order_sold(n.status) AND NOT search_order_sold(o.status)), 1);
  PERFORM search_sales_add((SELECT array_agg(n.id) FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE NOT search_order_sold(n.status) AND search_order_sold(o.status)), -1);
  RETURN NULL;
END;
$$;
CREATE TRIGGER search_orders_status AFTER UPDATE ON orders
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_orders_status_changed();

CREATE FUNCTION search_order_items_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE search_documents d SET units_sold = d.units_sold + s.units
  FROM (
    SELECT coalesce(p.parent_id, p.id) AS family_id, sum(i.quantity)::int AS units
    FROM new_rows i
    JOIN orders o ON o.id = i.order_id
    JOIN products p ON p.id = i.product_id
    WHERE search_order_sold(o.status) AND NOT i.is_promotion_item
    GROUP BY 1
  ) s
  WHERE d.family_id = s.family_id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER search_order_items_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_order_items_inserted();

-- ---------- back-fill
SELECT search_refresh((SELECT array_agg(id) FROM products WHERE parent_id IS NULL));
UPDATE search_documents d SET units_sold = s.units
FROM (
  SELECT coalesce(p.parent_id, p.id) AS family_id, sum(i.quantity)::int AS units
  FROM order_items i
  JOIN orders o ON o.id = i.order_id
  JOIN products p ON p.id = i.product_id
  WHERE search_order_sold(o.status) AND NOT i.is_promotion_item
  GROUP BY 1
) s
WHERE d.family_id = s.family_id;
