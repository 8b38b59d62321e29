-- A basket whose order is being paid for cannot change (ADR 035). The order was priced
-- from the basket as it stood; a change made meanwhile (another tab, another device)
-- would be lost when the paid order marks the basket ordered, or, merged into another
-- basket at login, would copy items already paid for.
--
-- Every write to a basket or its items updates the basket row in the same statement
-- (the version bump), so one trigger on that row guards them all, and a refused write
-- leaves nothing behind. The order's transaction locks the same row before it writes
-- the pending order, so a write waiting on that lock sees the committed order here.
-- Only the order's own outcome passes: open → ordered when it is paid.
CREATE FUNCTION basket_frozen_while_paying() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'open' AND NEW.status <> 'ordered' AND EXISTS (
    SELECT 1 FROM orders WHERE basket_id = OLD.id AND status = 'pending'
  ) THEN
    RAISE EXCEPTION 'basket % has an order being paid for', OLD.id
      USING ERRCODE = 'object_in_use', HINT = 'basket_order_in_progress';
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER baskets_frozen_while_paying
  BEFORE UPDATE ON baskets
  FOR EACH ROW EXECUTE FUNCTION basket_frozen_while_paying();
