-- A cancelled order's credit note, its per-line figures read once; and the credit a
-- pending refund held back, issued when that refund is released (ADR 078, 081).
--
-- 1. credit_order_rest(): migration 045's credit_cancelled_order() without its guards,
--    reading "what refunds already took per line" once (into arrays, kept in line
--    order) for both the totals and the lines it inserts, where 045 ran the same
--    subquery twice. Same figures, same order of rows. p_cancellation marks the row as
--    the cancellation's credit note (045's), else it is the credit of what a released
--    refund had held back (2): then what the order took and no refund holds, beyond
--    the lines and the delivery charge, is credited as goodwill (no VAT: the
--    cancellation's credit note credited the delivery's VAT whole even where it gave
--    way to a pending refund's goodwill, ADR 078).
--    The caller holds the order's row (ADR 078's lock order: order, sequence, customer,
--    products, summary).
CREATE FUNCTION credit_order_rest(
  p_order integer, p_reason text, p_staff integer, p_gateway_kind text,
  p_gateway_transaction text, p_seller jsonb, p_at timestamptz, p_cancellation boolean
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  o orders;
  line_ids integer[];
  line_units integer[];
  line_gross integer[];
  line_tax integer[];
  left_gross integer;
  left_tax integer;
  delivery_gross integer := 0;
  delivery_tax integer := 0;
  goodwill integer := 0;
  total integer;
  seq integer;
  note text;
  refund integer;
BEGIN
  SELECT * INTO o FROM orders WHERE id = p_order;
  IF NOT FOUND THEN RETURN NULL; END IF;

  -- The lines as invoiced, and what of them no refund has taken yet (a refund still
  -- pending at the gateway has reserved its part): read once, in the order the credit
  -- note's lines are written (rates ascending, ADR 068).
  SELECT coalesce(array_agg(i.id ORDER BY i.tax_rate_bp, i.position), '{}'),
         coalesce(array_agg(i.quantity - i.refunded ORDER BY i.tax_rate_bp, i.position), '{}'),
         coalesce(array_agg(greatest(0, i.total_price - coalesce(r.amount, 0))
                            ORDER BY i.tax_rate_bp, i.position), '{}'),
         coalesce(array_agg(greatest(0, i.tax_amount - coalesce(r.tax, 0))
                            ORDER BY i.tax_rate_bp, i.position), '{}')
  INTO line_ids, line_units, line_gross, line_tax
  FROM order_items i
  LEFT JOIN (
    SELECT ri.order_item_id, sum(ri.amount) AS amount, sum(ri.tax_amount) AS tax
    FROM refund_items ri JOIN refunds f ON f.id = ri.refund_id
    WHERE f.order_id = p_order
    GROUP BY 1
  ) r ON r.order_item_id = i.id
  WHERE i.order_id = p_order AND i.quantity > i.refunded;

  SELECT coalesce(sum(g), 0)::int INTO left_gross FROM unnest(line_gross) g;
  SELECT coalesce(sum(t), 0)::int INTO left_tax FROM unnest(line_tax) t;

  -- The delivery charge after discounts and its VAT, as the invoice has them, unless a
  -- refund (or the cancellation's credit note) gave it back already.
  IF NOT EXISTS (SELECT 1 FROM refunds WHERE order_id = p_order AND delivery_amount > 0) THEN
    SELECT greatest(0, o.amount + o.credit_used - coalesce(sum(i.total_price), 0))::int,
           greatest(0, o.sales_tax - coalesce(sum(i.tax_amount), 0))::int
    INTO delivery_gross, delivery_tax
    FROM order_items i WHERE i.order_id = p_order;
  END IF;

  -- Never beyond what the order took less what refunds already hold.
  total := least(left_gross + delivery_gross, o.amount + o.credit_used - o.refunded_amount);
  IF NOT p_cancellation THEN
    goodwill := greatest(0, o.amount + o.credit_used - o.refunded_amount - total);
    total := total + goodwill;
  END IF;
  IF total <= 0 THEN RETURN NULL; END IF;
  IF total - goodwill < left_gross + delivery_gross THEN
    -- Only after a refund reserved more than its lines (goodwill) before the
    -- cancellation: the delivery gives way first.
    delivery_gross := greatest(0, total - left_gross);
    left_gross := total - delivery_gross;
  END IF;

  UPDATE document_sequences SET last_used = last_used + 1 WHERE kind = 'credit_note'
  RETURNING last_used INTO seq;
  note := 'CN-' || lpad(seq::text, 6, '0');

  INSERT INTO refunds (order_id, credit_note_number, state, amount, items_amount,
                       delivery_amount, goodwill_amount, tax_amount, destination, reason,
                       restock, staff_id, created_at, cancellation)
  VALUES (p_order, NULL, 'pending', total, left_gross, delivery_gross, goodwill,
          left_tax + delivery_tax,
          CASE WHEN o.amount > 0 THEN 'payment' ELSE 'credit' END, p_reason, false, p_staff,
          coalesce(p_at, now()), p_cancellation)
  RETURNING id INTO refund;

  INSERT INTO refund_items (refund_id, order_item_id, quantity, amount, tax_amount)
  SELECT refund, l.id, l.units, l.gross, l.tax
  FROM unnest(line_ids, line_units, line_gross, line_tax) WITH ORDINALITY
       AS l(id, units, gross, tax, n)
  ORDER BY l.n;

  UPDATE refunds
  SET state = 'completed', credit_note_number = note, seller = p_seller,
      gateway_kind = CASE WHEN o.amount > 0 THEN p_gateway_kind END,
      gateway_transaction_id = CASE WHEN o.amount > 0 THEN p_gateway_transaction END
  WHERE id = refund;

  UPDATE order_items SET refunded = quantity WHERE order_id = p_order AND refunded < quantity;
  UPDATE orders SET refunded_amount = refunded_amount + total WHERE id = p_order;
  RETURN note;
END;
$$;

-- The cancellation's credit note (045's signature and guards: the order cancelled, not
-- credited for its cancellation yet), now through credit_order_rest().
CREATE OR REPLACE FUNCTION credit_cancelled_order(
  p_order integer, p_reason text, p_staff integer, p_gateway_kind text,
  p_gateway_transaction text, p_seller jsonb, p_at timestamptz
) RETURNS text LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM orders WHERE id = p_order AND status = 'cancelled') THEN
    RETURN NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM refunds WHERE order_id = p_order AND cancellation) THEN
    RETURN NULL;
  END IF;
  RETURN credit_order_rest(p_order, p_reason, p_staff, p_gateway_kind, p_gateway_transaction,
                           p_seller, p_at, true);
END;
$$;

-- 2. A refund to the payment still pending when its order was cancelled: the
--    cancellation's credit note left out what it had reserved, and the cancellation
--    reversed the whole sale (void, or a refund of all that was left), so the money
--    went back with it. When the pending refund is released (the gateway shows no refund
--    of its own, ADR 081), its release calls this in the same transaction, after undoing
--    the reservation: a credit note for what the cancellation's credit note had left
--    out, with the cancellation's reason, staff member, reversal and seller. Only for a
--    cancelled order with a cancellation credit note; answers the number, or NULL.
CREATE FUNCTION credit_released_refund(p_order integer) RETURNS text
LANGUAGE plpgsql AS $$
DECLARE
  c refunds;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM orders WHERE id = p_order AND status = 'cancelled') THEN
    RETURN NULL;
  END IF;
  SELECT * INTO c FROM refunds WHERE order_id = p_order AND cancellation;
  IF NOT FOUND THEN RETURN NULL; END IF;
  PERFORM 1 FROM document_sequences WHERE kind = 'credit_note' FOR UPDATE;
  RETURN credit_order_rest(p_order, c.reason, c.staff_id, c.gateway_kind, NULL, c.seller,
                           NULL, false);
END;
$$;
