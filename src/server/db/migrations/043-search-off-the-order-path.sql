-- Search documents off the order's path (ADR 076). Under load, paying an order
-- deadlocked with another order's stock take: the payment's trigger added the units
-- sold to the families' documents while the other transaction, holding those documents
-- from its own stock take's refresh, waited for a product row the first one held.
--
-- 1. Units sold go to an append-only queue in the order's transaction (an insert locks
--    no existing row) and are folded into the documents later, by a job, in family
--    order. Best-selling order and suggestions may be that long behind; nothing else is.
CREATE TABLE search_sales_queue (
  id         bigserial PRIMARY KEY,
  family_id  integer NOT NULL,
  units      integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE OR REPLACE FUNCTION search_sales_add(order_ids integer[], sign integer) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO search_sales_queue (family_id, units)
  SELECT coalesce(p.parent_id, p.id), sign * sum(i.quantity)::int
  FROM order_items i JOIN products p ON p.id = i.product_id
  WHERE i.order_id = ANY(order_ids) AND NOT i.is_promotion_item
  GROUP BY 1
$$;

CREATE OR REPLACE FUNCTION search_order_items_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_sales_queue (family_id, units)
  SELECT coalesce(p.parent_id, p.id), sum(i.quantity)::int
  FROM new_rows i
  JOIN orders o ON o.id = i.order_id
  JOIN products p ON p.id = i.product_id
  WHERE search_order_sold(o.status) AND NOT i.is_promotion_item
  GROUP BY 1;
  RETURN NULL;
END;
$$;

-- Moves what the queue holds into the documents; returns the families changed. Rows are
-- locked in family order, so two folds (or a fold and a catalogue edit) never wait on
-- each other in a circle; the queue's rows are deleted by the same statement, so two
-- folds at once count each sale once.
CREATE FUNCTION search_sales_fold() RETURNS integer LANGUAGE sql AS $$
  WITH moved AS (DELETE FROM search_sales_queue RETURNING family_id, units),
  sums AS (SELECT family_id, sum(units)::int AS units FROM moved GROUP BY family_id),
  locked AS (
    SELECT d.family_id FROM search_documents d JOIN sums s ON s.family_id = d.family_id
    ORDER BY d.family_id FOR UPDATE OF d
  ),
  folded AS (
    UPDATE search_documents d SET units_sold = greatest(0, d.units_sold + s.units)
    FROM sums s JOIN locked l ON l.family_id = s.family_id
    WHERE d.family_id = s.family_id
    RETURNING d.family_id
  )
  SELECT count(*)::int FROM folded
$$;

-- 2. A stock change rewrites a family's document only when it can change what the
--    document says: a variation's stock crossing zero, or a bundle part's crossing the
--    number the bundle needs (the documents keep whether a family is in stock, not how
--    many). Most orders' stock takes then write no document at all.
CREATE OR REPLACE FUNCTION search_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only changes the documents depend on (e.g. not weights or pictures).
  PERFORM search_refresh(
    search_families_of((
      SELECT array_agg(n.id) FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (n.name, n.description, n.sku, n.category_id, n.price, n.quantity_on_hand > 0,
             n.is_preorder, n.discontinued, n.position, n.parent_id, n.created_at)
        IS DISTINCT FROM
            (o.name, o.description, o.sku, o.category_id, o.price, o.quantity_on_hand > 0,
             o.is_preorder, o.discontinued, o.position, o.parent_id, o.created_at)
         OR EXISTS (
            SELECT 1 FROM bundle_components b
            WHERE b.component_id = n.id
              AND (n.quantity_on_hand >= b.quantity) IS DISTINCT FROM
                  (o.quantity_on_hand >= b.quantity))))
    || (SELECT coalesce(array_agg(DISTINCT coalesce(o.parent_id, o.id)), '{}')
        FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE o.parent_id IS DISTINCT FROM n.parent_id));
  RETURN NULL;
END;
$$;
