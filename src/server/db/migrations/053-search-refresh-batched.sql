-- A bulk write refreshes each family's search document once (ADR 055, ADR 062).
--
-- Migration 029's triggers refresh the documents a statement touches, in that
-- statement, so a bulk write (the CSV import, the generated catalogue) rewrote a
-- family's document once per statement that touched it: products, then their options,
-- then bundles' parts. Besides the time, every rewrite leaves a dead row version, so a
-- catalogue loaded in bulk sat on ~1.7 times the pages it needed and a broad search
-- (thousands of matches, each on its own page) read them all.
--
-- Now a transaction that sets `everbloom.search_batch` to 'on' (set_config(…, true):
-- for that transaction only) has the triggers note the families instead, and
-- search_refresh_batch() refreshes them all at once; the writer calls it at its end.
-- A deferred trigger calls it at the latest at commit, so no transaction can commit a
-- stale document by forgetting to. Every other write is unchanged: the setting is off
-- unless a writer turns it on.
ALTER FUNCTION search_refresh(integer[]) RENAME TO search_refresh_now;

-- The families a batch transaction has touched, and one row per such transaction (its
-- insert queues the commit-time refresh once, not once per family).
CREATE TABLE search_refresh_pending (
  txid      xid8    NOT NULL DEFAULT pg_current_xact_id(),
  family_id integer NOT NULL,
  PRIMARY KEY (txid, family_id)
);
CREATE TABLE search_refresh_batches (
  txid xid8 PRIMARY KEY DEFAULT pg_current_xact_id()
);

-- What the triggers call (the name they always used): at once, or noted in a batch.
CREATE FUNCTION search_refresh(family_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF family_ids IS NULL OR cardinality(family_ids) = 0 THEN
    RETURN;
  END IF;
  IF current_setting('everbloom.search_batch', true) IS DISTINCT FROM 'on' THEN
    PERFORM search_refresh_now(family_ids);
    RETURN;
  END IF;
  INSERT INTO search_refresh_batches DEFAULT VALUES ON CONFLICT DO NOTHING;
  INSERT INTO search_refresh_pending (family_id)
  SELECT DISTINCT id FROM unnest(family_ids) AS f(id) WHERE id IS NOT NULL
  ON CONFLICT DO NOTHING;
END;
$$;

-- Refreshes every family this transaction's batch has noted; answers how many.
CREATE FUNCTION search_refresh_batch() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
BEGIN
  DELETE FROM search_refresh_batches WHERE txid = pg_current_xact_id();
  WITH done AS (
    DELETE FROM search_refresh_pending WHERE txid = pg_current_xact_id()
    RETURNING family_id
  )
  SELECT array_agg(family_id ORDER BY family_id) INTO ids FROM done;
  PERFORM search_refresh_now(ids);
  RETURN coalesce(cardinality(ids), 0);
END;
$$;

CREATE FUNCTION search_refresh_at_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_refresh_batch();
  RETURN NULL;
END;
$$;
CREATE CONSTRAINT TRIGGER search_refresh_at_commit AFTER INSERT ON search_refresh_batches
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION search_refresh_at_commit();
