-- Offers in the back office (issue 22, ADR 064): a discount code's limits on uses, and
-- the order that used one. A use is an order holding the code (voucher_code) that is
-- being paid or was paid: a failed or cancelled order gives its use back. Orders are
-- counted under a lock on the voucher's row, in the order's own transaction.

ALTER TABLE vouchers
  ADD COLUMN max_uses              integer CHECK (max_uses IS NULL OR max_uses >= 1),
  ADD COLUMN max_uses_per_customer integer
    CHECK (max_uses_per_customer IS NULL OR max_uses_per_customer >= 1),
  ADD COLUMN created_at            timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_at            timestamptz NOT NULL DEFAULT now();
ALTER TABLE vouchers ADD CONSTRAINT vouchers_dates_order
  CHECK (starts_at IS NULL OR expires_at IS NULL OR expires_at > starts_at) NOT VALID;

ALTER TABLE orders
  ADD COLUMN voucher_code     text REFERENCES vouchers(code) ON UPDATE CASCADE,
  -- What the code took off the order (items and delivery), pence.
  ADD COLUMN voucher_discount integer NOT NULL DEFAULT 0 CHECK (voucher_discount >= 0);
CREATE INDEX orders_voucher_idx ON orders (voucher_code, user_id) WHERE voucher_code IS NOT NULL;

-- Orders placed before this migration: the code is the one whose discount line the
-- order's snapshot shows ('CODE: 10% off').
UPDATE orders AS o
SET voucher_code = used.code, voucher_discount = used.amount
FROM (
  SELECT DISTINCT ON (p.id) p.id, v.code, (d.value ->> 'amount')::integer AS amount
  FROM orders AS p
  CROSS JOIN LATERAL jsonb_array_elements(
    CASE WHEN jsonb_typeof(p.snapshot -> 'discounts') = 'array' THEN p.snapshot -> 'discounts'
         ELSE '[]'::jsonb END) AS d
  JOIN vouchers AS v ON left(d.value ->> 'label', length(v.code) + 2) = v.code || ': '
  WHERE jsonb_typeof(d.value -> 'amount') = 'number'
  ORDER BY p.id, length(v.code) DESC
) AS used
WHERE o.id = used.id;
