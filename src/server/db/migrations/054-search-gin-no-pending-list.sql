-- The search indexes take their entries at once (ADR 055).
--
-- A GIN index's "fast update" puts new entries in a pending list that every search
-- then reads in full, until a vacuum (or an autovacuum's analyze) merges it into the
-- index; the list may grow to gin_pending_list_limit (4 MB) first. After a bulk load of
-- 20,000 families the documents' index held 372 pending pages (5,332 entries), and each
-- search read them all: the median search went from ~5 to ~10 ms. Search documents are
-- written seldom (a catalogue edit, a stock level crossing zero, the minute's sales
-- fold) and read on every search, so their writes pay for their index entries instead.
-- The orders' and customers' trigram indexes keep fast update: orders are written far
-- more often than staff search them.
ALTER INDEX search_documents_document_idx SET (fastupdate = off);
ALTER INDEX search_documents_skus_idx SET (fastupdate = off);
ALTER INDEX search_documents_name_trgm_idx SET (fastupdate = off);
ALTER INDEX search_documents_name_document_idx SET (fastupdate = off);
ALTER INDEX search_words_trgm_idx SET (fastupdate = off);

-- Turning it off does not merge what is already pending.
SELECT gin_clean_pending_list(i) FROM unnest(ARRAY[
  'search_documents_document_idx', 'search_documents_skus_idx',
  'search_documents_name_trgm_idx', 'search_documents_name_document_idx',
  'search_words_trgm_idx'
]::regclass[]) AS i;
