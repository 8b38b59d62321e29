-- Sales reports (ADR 067): the figures a report sums, kept as columns when an order is
-- written, so a report reads numbers rather than every order's snapshot (a large jsonb
-- value, compressed out of line), and the indexes its date ranges need.

-- An order's line's VAT as the order priced it (after the line's share of discounts;
-- 0 for a tax-exempt order): the snapshot's line, copied with the line's other figures.
ALTER TABLE order_items
  ADD COLUMN tax_amount integer NOT NULL DEFAULT 0 CHECK (tax_amount >= 0);

CREATE OR REPLACE FUNCTION order_items_from_snapshot(o orders) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_items (order_id, position, basket_item_id, product_id, sku, name,
    quantity, preorder_quantity, unit_price, total_price, tax_rate_bp, is_promotion_item,
    tax_amount)
  SELECT o.id, line.position, line.item ->> 'id', (line.item #>> '{product,id}')::int,
         line.item #>> '{product,sku}', line.item ->> 'name',
         (line.item ->> 'quantity')::int,
         coalesce((line.item ->> 'preorder_quantity')::int, 0),
         coalesce((line.item #>> '{discounted_price,amount}')::int,
                  (line.item #>> '{price,amount}')::int, 0),
         coalesce((line.item #>> '{discounted_total_price,amount}')::int,
                  (line.item #>> '{total_price,amount}')::int, 0),
         coalesce(p.tax_rate_bp, 2000),
         coalesce((line.item ->> 'is_promotion_item')::boolean, false),
         coalesce((line.item #>> '{discounted_total_price,tax,amount}')::int,
                  (line.item #>> '{total_price,tax,amount}')::int, 0)
  FROM (
    SELECT item, row_number() OVER () AS position
    FROM (
      SELECT item FROM jsonb_array_elements(coalesce(o.snapshot -> 'items', '[]')) AS item
      UNION ALL
      SELECT item FROM jsonb_array_elements(coalesce(o.snapshot -> 'promotionItems', '[]')) AS item
    ) AS lines
  ) AS line
  LEFT JOIN products p ON p.id = (line.item #>> '{product,id}')::int
  WHERE (line.item ->> 'quantity')::int > 0;
$$;

-- Lines written before this migration: the same figure from their order's snapshot.
UPDATE order_items AS i
SET tax_amount = coalesce((line.item #>> '{discounted_total_price,tax,amount}')::int,
                          (line.item #>> '{total_price,tax,amount}')::int, 0)
FROM orders AS o
CROSS JOIN LATERAL (
  SELECT item, row_number() OVER () AS position
  FROM (
    SELECT item FROM jsonb_array_elements(coalesce(o.snapshot -> 'items', '[]')) AS item
    UNION ALL
    SELECT item FROM jsonb_array_elements(coalesce(o.snapshot -> 'promotionItems', '[]')) AS item
  ) AS lines
) AS line
WHERE i.order_id = o.id AND i.position = line.position;

-- An order's sales figures, from its snapshot (pence, VAT inclusive): the discounts
-- (vouchers and buds: the total before them less the total after), the delivery charge
-- before any discount, the VAT of the sale after discounts, and the delivery option
-- (whose VAT rate the delivery's share of that VAT is reported at). When the order's
-- day begins: when paid, or created for orders paid before paid_at was kept.
ALTER TABLE orders
  ADD COLUMN sales_discount integer GENERATED ALWAYS AS (coalesce(
    (snapshot #>> '{prices,total,amount}')::int
      - (snapshot #>> '{discounted_prices,total,amount}')::int, 0)) STORED,
  ADD COLUMN sales_delivery integer GENERATED ALWAYS AS (coalesce(
    (snapshot #>> '{prices,delivery,amount}')::int, 0)) STORED,
  ADD COLUMN sales_tax integer GENERATED ALWAYS AS (coalesce(
    (snapshot #>> '{discounted_prices,total,tax,amount}')::int,
    (snapshot #>> '{prices,total,tax,amount}')::int, 0)) STORED,
  ADD COLUMN sales_delivery_option text GENERATED ALWAYS AS (
    snapshot #>> '{delivery_option,id}') STORED;

-- Refunds by the day they were made.
CREATE INDEX refunds_created_idx ON refunds (created_at) WHERE state = 'completed';
