-- One line per product (and related item) in a basket, so concurrent adds of the
-- same product increase one line instead of racing to create several.

-- Merge any duplicate lines first.
WITH duplicates AS (
  SELECT basket_id, product_id, related_item_id, min(id) AS keep_id, sum(quantity) AS total
  FROM basket_items
  GROUP BY basket_id, product_id, related_item_id
  HAVING count(*) > 1
)
UPDATE basket_items AS item
SET quantity = least(duplicates.total, 99)
FROM duplicates
WHERE item.id = duplicates.keep_id;

DELETE FROM basket_items AS item
USING basket_items AS kept
WHERE item.basket_id = kept.basket_id
  AND item.product_id = kept.product_id
  AND item.related_item_id IS NOT DISTINCT FROM kept.related_item_id
  AND item.id > kept.id;

CREATE UNIQUE INDEX basket_items_line_idx
  ON basket_items (basket_id, product_id, related_item_id) NULLS NOT DISTINCT;
