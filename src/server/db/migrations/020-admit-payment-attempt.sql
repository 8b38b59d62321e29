-- Card testing (ADR 040): letting a payment attempt through in one statement. Locking
-- its keys, counting them and writing the attempt were five statements (BEGIN, lock,
-- count, insert, COMMIT); as one function call they are one, and an order screens two
-- sets of keys (the shopper's, then the card's).
--
-- Why a function, not one plain statement: under READ COMMITTED a plain statement's
-- snapshot is taken when it starts, before it waits for a lock taken inside it, so its
-- count would miss the rows of the attempt it waited for. A VOLATILE function's queries
-- each take a new snapshot, so the count here, after the locks, sees every attempt that
-- held them first. The locks are transaction-scoped: held until the caller's
-- transaction (or this statement's own) ends, after the insert.
--
-- Keys are locked in the order given (the caller sorts them, so two attempts sharing
-- keys cannot deadlock). Answers the first key (in sort order) that is full, writing
-- nothing; or NULL once the attempt's rows are written, pending, under every key. A key
-- is full with `failure_limit` pending or failed rows since `window_start`, except a
-- shared key (`shared_keys`: a client address, which many honest shoppers behind one
-- network share): its pending rows count only once it has a failed one, and up to
-- `pending_ceiling` in any case, so shoppers paying at once from one address are not
-- refused for each other (ADR 040).
CREATE FUNCTION admit_payment_attempt(
  attempt uuid,
  attempt_keys text[],
  shared_keys text[],
  admitted_at timestamptz,
  window_start timestamptz,
  failure_limit integer,
  pending_ceiling integer
) RETURNS text
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  attempt_key text;
  full_key text;
BEGIN
  FOREACH attempt_key IN ARRAY attempt_keys LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended(attempt_key, 0));
  END LOOP;
  SELECT pa.key INTO full_key
  FROM payment_attempts pa
  WHERE pa.key = ANY (attempt_keys) AND pa.at > window_start
  GROUP BY pa.key
  HAVING CASE
    WHEN pa.key = ANY (shared_keys) THEN
      count(*) FILTER (WHERE pa.failed) >= failure_limit
      OR (bool_or(pa.failed) AND count(*) >= failure_limit)
      OR count(*) >= pending_ceiling
    ELSE count(*) >= failure_limit
  END
  ORDER BY pa.key
  LIMIT 1;
  IF full_key IS NOT NULL THEN
    RETURN full_key;
  END IF;
  INSERT INTO payment_attempts (attempt_id, key, at)
  SELECT attempt, k, admitted_at FROM unnest(attempt_keys) AS k
  ON CONFLICT (attempt_id, key) DO NOTHING;
  RETURN NULL;
END
$$;
