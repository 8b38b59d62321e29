-- Every change to a basket row bumps its version (even a write that forgets to) and
-- announces `<basket id>:<new version>` on the channel basket_changed once committed.
-- API processes LISTEN to it to drop cached views of the basket (ADR 011). Changes to
-- basket_items are announced through the basket row, which the repository updates in
-- the same write.

CREATE FUNCTION baskets_bump_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.version <= OLD.version THEN
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER baskets_bump_version
  BEFORE UPDATE ON baskets
  FOR EACH ROW EXECUTE FUNCTION baskets_bump_version();

CREATE FUNCTION baskets_announce_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('basket_changed', OLD.id::text || ':' || (OLD.version + 1)::text);
  ELSE
    PERFORM pg_notify('basket_changed', NEW.id::text || ':' || NEW.version::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER baskets_announce_change
  AFTER UPDATE OR DELETE ON baskets
  FOR EACH ROW EXECUTE FUNCTION baskets_announce_change();
