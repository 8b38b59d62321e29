-- The match step of a search (ADR 055): the families whose document matches the query,
-- or that carry the SKU, always found through the GIN indexes, with what the ranking
-- needs of each (SKU hit, match kind, name hit, rank) worked out here, so only these
-- narrow rows leave the function, not the documents.
--
-- The planner costs `@@` as nearly free on every row, so for a word a few thousand
-- families carry it chose a sequential scan that reads and checks all 20,000 documents:
-- three times slower than the index at that size (`npm run bench:search`). A
-- function's own setting fixes the choice for this one query and nothing else.
CREATE FUNCTION search_matches(
  fuzzy tsquery, strict tsquery, exact tsquery, sku text, ranked boolean
)
RETURNS TABLE (
  family_id integer, category_id integer, name text, option_value_ids integer[],
  price integer, in_stock boolean, preorder boolean, discontinued boolean,
  stock_rank smallint, "position" integer, created_at timestamptz, units_sold integer,
  sku_hit boolean, kind integer, in_name boolean, rank real
)
LANGUAGE sql STABLE
SET enable_seqscan = off
AS $$
  SELECT d.family_id, d.category_id, d.name, d.option_value_ids, d.price, d.in_stock,
         d.preorder, d.discontinued, d.stock_rank, d.position, d.created_at, d.units_sold,
         d.skus @> ARRAY[sku],
         CASE WHEN d.document @@ exact THEN 0 WHEN d.document @@ strict THEN 1 ELSE 2 END,
         d.name_document @@ fuzzy,
         CASE WHEN ranked THEN ts_rank(d.document, fuzzy) ELSE 0 END
  FROM search_documents d
  WHERE d.document @@ fuzzy OR d.skus @> ARRAY[sku]
$$;
