-- A cancelled paid order gets a credit note, and stays a sale on its paid day (ADR 078).
--
-- Cancelling a paid order (ADR 023) used to take it out of the sales summary altogether:
-- cancelling in December an order paid in November rewrote November, a VAT period
-- already reported, and nothing credited the invoice issued when it was paid (ADR 071).
-- Now the sale stays on its paid day and a credit note (a completed refund, ADR 051/071)
-- credits all of it on the UK day it was cancelled.

-- 1. A cancelled order counts as a sale (it was paid: only a paid order can be
--    cancelled). sales_days_recomputed() and the triggers read this function, so they
--    follow it. Mirrors SOLD_ORDER_STATUSES in src/domain/order-status.ts.
CREATE OR REPLACE FUNCTION sales_counted(status text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT status IN ('paid', 'partially_dispatched', 'dispatched', 'refunded',
                    'partially_refunded', 'cancelled')
$$;

-- The order trigger fires when the order's sale-ness changes, not on every change of
-- status: paid → dispatched or → cancelled moves nothing, so it now touches no summary
-- row (before, it took a row's lock only to subtract and add back the same figures).
DROP TRIGGER sales_days_order_update ON orders;
CREATE TRIGGER sales_days_order_update AFTER UPDATE ON orders
  FOR EACH ROW
  WHEN (sales_counted(OLD.status) IS DISTINCT FROM sales_counted(NEW.status)
    OR OLD.paid_at IS DISTINCT FROM NEW.paid_at
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.amount IS DISTINCT FROM NEW.amount
    OR OLD.credit_used IS DISTINCT FROM NEW.credit_used
    OR OLD.sales_discount IS DISTINCT FROM NEW.sales_discount
    OR OLD.sales_delivery IS DISTINCT FROM NEW.sales_delivery
    OR OLD.sales_tax IS DISTINCT FROM NEW.sales_tax
    OR OLD.sales_delivery_option IS DISTINCT FROM NEW.sales_delivery_option)
  EXECUTE FUNCTION sales_days_order_changed();

-- 2. Which refund is a cancellation's credit note: at most one per order.
ALTER TABLE refunds ADD COLUMN cancellation boolean NOT NULL DEFAULT false;
CREATE UNIQUE INDEX refunds_cancellation_once ON refunds (order_id) WHERE cancellation;

-- 3. The credit note of a cancelled order, as the cancellation's transaction (and the
--    backfill below) writes it: every line's units not yet refunded, at the line's
--    stored rate and VAT, and the delivery charge with the rest of the order's VAT, as
--    its invoice split them (what the order took less its lines; ADR 071) — so the
--    credit note cancels the invoice to the penny. Numbered from the gap-free
--    'credit_note' sequence here, only when there is something to credit (a refund's
--    amount is > 0). The order's lines and refunded_amount are marked refunded, as a
--    refund of everything would. Returns the number, or NULL when nothing was credited.
--
--    Written pending, its lines added, then completed: the summary's triggers then touch
--    the whole refund's row before its lines' rows, rates ascending, as a refund's
--    completion does (ADR 068's one order of locking summary rows).
--
--    The caller holds the order's row and the sequence's row (ADR 078's lock order:
--    order, sequence, customer, products, summary).
CREATE FUNCTION credit_cancelled_order(
  p_order integer, p_reason text, p_staff integer, p_gateway_kind text,
  p_gateway_transaction text, p_seller jsonb, p_at timestamptz
) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  o orders;
  left_gross integer;
  left_tax integer;
  delivery_gross integer := 0;
  delivery_tax integer := 0;
  total integer;
  seq integer;
  note text;
  refund integer;
BEGIN
  SELECT * INTO o FROM orders WHERE id = p_order;
  IF NOT FOUND OR o.status <> 'cancelled' THEN RETURN NULL; END IF;
  IF EXISTS (SELECT 1 FROM refunds WHERE order_id = o.id AND cancellation) THEN
    RETURN NULL;
  END IF;

  -- The lines as invoiced, and what of them no refund has taken yet (a refund still
  -- pending at the gateway has reserved its part).
  SELECT coalesce(sum(greatest(0, i.total_price - coalesce(r.amount, 0))), 0)::int,
         coalesce(sum(greatest(0, i.tax_amount - coalesce(r.tax, 0))), 0)::int
  INTO left_gross, left_tax
  FROM order_items i
  LEFT JOIN (
    SELECT ri.order_item_id, sum(ri.amount) AS amount, sum(ri.tax_amount) AS tax
    FROM refund_items ri JOIN refunds f ON f.id = ri.refund_id
    WHERE f.order_id = p_order
    GROUP BY 1
  ) r ON r.order_item_id = i.id
  WHERE i.order_id = p_order AND i.quantity > i.refunded;

  -- The delivery charge after discounts and its VAT, as the invoice has them, unless a
  -- refund gave it back already.
  IF NOT EXISTS (SELECT 1 FROM refunds WHERE order_id = p_order AND delivery_amount > 0) THEN
    SELECT greatest(0, o.amount + o.credit_used - coalesce(sum(i.total_price), 0))::int,
           greatest(0, o.sales_tax - coalesce(sum(i.tax_amount), 0))::int
    INTO delivery_gross, delivery_tax
    FROM order_items i WHERE i.order_id = p_order;
  END IF;

  -- Never beyond what the order took less what refunds already hold.
  total := least(left_gross + delivery_gross, o.amount + o.credit_used - o.refunded_amount);
  IF total <= 0 THEN RETURN NULL; END IF;
  IF total < left_gross + delivery_gross THEN
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
  VALUES (p_order, NULL, 'pending', total, left_gross, delivery_gross, 0,
          left_tax + delivery_tax,
          CASE WHEN o.amount > 0 THEN 'payment' ELSE 'credit' END, p_reason, false, p_staff,
          coalesce(p_at, now()), true)
  RETURNING id INTO refund;

  INSERT INTO refund_items (refund_id, order_item_id, quantity, amount, tax_amount)
  SELECT refund, i.id, i.quantity - i.refunded,
         greatest(0, i.total_price - coalesce(r.amount, 0)),
         greatest(0, i.tax_amount - coalesce(r.tax, 0))
  FROM order_items i
  LEFT JOIN (
    SELECT ri.order_item_id, sum(ri.amount) AS amount, sum(ri.tax_amount) AS tax
    FROM refund_items ri JOIN refunds f ON f.id = ri.refund_id
    WHERE f.order_id = p_order AND f.id <> refund
    GROUP BY 1
  ) r ON r.order_item_id = i.id
  WHERE i.order_id = p_order AND i.quantity > i.refunded
  ORDER BY i.tax_rate_bp, i.position;

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

-- 4. Orders cancelled after payment before this migration: their credit notes, dated
--    when each was cancelled and numbered in cancellation order after every credit note
--    already issued. Each takes the sequence's next number as a cancellation does. A
--    function, so a test can run it on orders cancelled the old way; answers how many
--    credit notes it issued (an order credited already is passed over).
CREATE FUNCTION credit_cancelled_orders() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  o record;
  issued integer := 0;
BEGIN
  PERFORM 1 FROM document_sequences WHERE kind = 'credit_note' FOR UPDATE;
  FOR o IN
    SELECT id, reversal_kind, coalesce(cancelled_at, updated_at) AS at
    FROM orders
    WHERE status = 'cancelled' AND amount + credit_used > 0
      AND NOT EXISTS (SELECT 1 FROM refunds r WHERE r.order_id = orders.id AND r.cancellation)
    ORDER BY coalesce(cancelled_at, updated_at), id
  LOOP
    IF credit_cancelled_order(o.id, 'Order cancelled', NULL, o.reversal_kind, NULL, NULL, o.at)
       IS NOT NULL THEN
      issued := issued + 1;
    END IF;
  END LOOP;
  RETURN issued;
END;
$$;

SELECT credit_cancelled_orders();

-- 5. The summary again from scratch: cancelled orders back on their paid days, their
--    credit notes on their cancellation days.
SELECT sales_days_rebuild();
