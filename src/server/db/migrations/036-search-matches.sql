-- The match step of a search (ADR 055): the families whose document matches the query,
-- or that carry the SKU, always found through the GIN indexes. The planner costs `@@`
-- as nearly free on every row, so for a word a few thousand families carry it chose a
-- sequential scan that reads and checks all 20,000 documents: three times slower than
-- the index at that size (`npm run bench:search`). A function's own setting fixes the
-- choice for this one query and nothing else.
CREATE FUNCTION search_matches(query tsquery, sku text)
RETURNS SETOF search_documents
LANGUAGE sql STABLE
SET enable_seqscan = off
AS $$
  SELECT * FROM search_documents
  WHERE document @@ query OR skus @> ARRAY[sku]
$$;
