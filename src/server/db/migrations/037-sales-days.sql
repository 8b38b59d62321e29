-- Sales by UK day, kept as orders and refunds are written (ADR 068), so a sales report
-- reads a few rows a day instead of every order, line and refund of its range.
--
-- A row holds what one UK day's paid orders and completed refunds add up to, per
-- delivery option (whose VAT rate the report looks up, as before), per line VAT rate and
-- per slot. `rate` -1 holds the whole orders' figures (orders, takings, discounts,
-- delivery, their VAT) and the whole refunds' (amount, VAT); a rate in basis points holds
-- that rate's lines (units sold, their VAT) and refunded lines (their VAT). `slot` is
-- the order's id mod 16: orders paid at the same moment mostly write different rows, so
-- one row per day does not make every checkout wait for the one before it to commit.
--
-- Kept by triggers on orders, order_items, refunds and refund_items, in the writing
-- transaction, whatever code writes them. A row's figures change by the difference
-- each change makes; `sales_days_recomputed()` computes the same rows from scratch (the
-- backfill below, and the test that holds the two equal).

CREATE TABLE sales_days (
  day             date    NOT NULL,
  delivery_option text    NOT NULL,
  rate            integer NOT NULL,
  slot            integer NOT NULL,
  orders          bigint  NOT NULL DEFAULT 0,
  takings         bigint  NOT NULL DEFAULT 0,
  discounts       bigint  NOT NULL DEFAULT 0,
  delivery        bigint  NOT NULL DEFAULT 0,
  tax             bigint  NOT NULL DEFAULT 0,
  items           bigint  NOT NULL DEFAULT 0,
  refunds         bigint  NOT NULL DEFAULT 0,
  refund_tax      bigint  NOT NULL DEFAULT 0,
  PRIMARY KEY (day, delivery_option, rate, slot)
);

-- The UK day of an instant (a day is 23, 24 or 25 hours).
CREATE FUNCTION sales_uk_day(at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$ SELECT (at AT TIME ZONE 'Europe/London')::date $$;

-- Statuses that count as a sale (PAID_ORDER_STATUSES in src/domain/order-status.ts).
CREATE FUNCTION sales_counted(status text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT status IN ('paid', 'partially_dispatched', 'dispatched', 'refunded', 'partially_refunded')
$$;

CREATE FUNCTION sales_slot(order_id integer) RETURNS integer
LANGUAGE sql IMMUTABLE AS $$ SELECT order_id % 16 $$;

-- Adds figures to a row (negative ones take them away).
CREATE FUNCTION sales_days_put(
  p_day date, p_option text, p_rate integer, p_slot integer,
  p_orders bigint, p_takings bigint, p_discounts bigint, p_delivery bigint, p_tax bigint,
  p_items bigint, p_refunds bigint, p_refund_tax bigint
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO sales_days AS s (day, delivery_option, rate, slot, orders, takings, discounts,
                               delivery, tax, items, refunds, refund_tax)
  VALUES (p_day, coalesce(p_option, ''), p_rate, p_slot, p_orders, p_takings, p_discounts,
          p_delivery, p_tax, p_items, p_refunds, p_refund_tax)
  ON CONFLICT (day, delivery_option, rate, slot) DO UPDATE SET
    orders = s.orders + excluded.orders,
    takings = s.takings + excluded.takings,
    discounts = s.discounts + excluded.discounts,
    delivery = s.delivery + excluded.delivery,
    tax = s.tax + excluded.tax,
    items = s.items + excluded.items,
    refunds = s.refunds + excluded.refunds,
    refund_tax = s.refund_tax + excluded.refund_tax
$$;

-- An order's lines, by rate (lowest first: one order of locking rows), `sign` × each.
CREATE FUNCTION sales_days_put_lines(o orders, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE l record;
BEGIN
  FOR l IN
    SELECT i.tax_rate_bp AS rate,
           sum(CASE WHEN i.is_promotion_item THEN 0 ELSE i.quantity END) AS items,
           sum(i.tax_amount) AS tax
    FROM order_items i WHERE i.order_id = o.id
    GROUP BY 1 ORDER BY 1
  LOOP
    PERFORM sales_days_put(sales_uk_day(coalesce(o.paid_at, o.created_at)),
      o.sales_delivery_option, l.rate, sales_slot(o.id), 0, 0, 0, 0, sign * l.tax,
      sign * l.items, 0, 0);
  END LOOP;
END;
$$;

-- A completed refund's lines' VAT, by rate, `sign` × each, under delivery option `opt`.
CREATE FUNCTION sales_days_put_refund_lines(r refunds, opt text, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE l record;
BEGIN
  FOR l IN
    SELECT i.tax_rate_bp AS rate, sum(ri.tax_amount) AS tax
    FROM refund_items ri JOIN order_items i ON i.id = ri.order_item_id
    WHERE ri.refund_id = r.id
    GROUP BY 1 ORDER BY 1
  LOOP
    PERFORM sales_days_put(sales_uk_day(r.created_at), opt, l.rate, sales_slot(r.order_id),
      0, 0, 0, 0, 0, 0, 0, sign * l.tax);
  END LOOP;
END;
$$;

-- A completed refund: its amount and VAT, and with `lines` its lines' VAT.
CREATE FUNCTION sales_days_put_refund(r refunds, opt text, sign integer, lines boolean)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF r.state <> 'completed' THEN RETURN; END IF;
  PERFORM sales_days_put(sales_uk_day(r.created_at), opt, -1, sales_slot(r.order_id),
    0, 0, 0, 0, 0, 0, sign * r.amount, sign * r.tax_amount);
  IF lines THEN PERFORM sales_days_put_refund_lines(r, opt, sign); END IF;
END;
$$;

-- An order: its own figures if it counts, and with `lines` its lines'.
CREATE FUNCTION sales_days_put_order(o orders, sign integer, lines boolean) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF NOT sales_counted(o.status) THEN RETURN; END IF;
  PERFORM sales_days_put(sales_uk_day(coalesce(o.paid_at, o.created_at)),
    o.sales_delivery_option, -1, sales_slot(o.id), sign, sign * (o.amount + o.credit_used),
    sign * o.sales_discount, sign * o.sales_delivery, sign * o.sales_tax, 0, 0, 0);
  IF lines THEN PERFORM sales_days_put_lines(o, sign); END IF;
END;
$$;

-- Orders. A new order's lines are written after it (its trigger) and count themselves;
-- an order whose day, option or sale-ness changes moves its lines (and, for a new
-- option, its refunds) with it. Deleting happens BEFORE: the cascade then finds no
-- order and leaves the lines and refunds to this.
CREATE FUNCTION sales_days_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved boolean;
  r refunds;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM sales_days_put_order(NEW, 1, false);
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM sales_days_put_order(OLD, -1, true);
    FOR r IN SELECT * FROM refunds WHERE order_id = OLD.id LOOP
      PERFORM sales_days_put_refund(r, OLD.sales_delivery_option, -1, true);
    END LOOP;
    RETURN OLD;
  END IF;
  moved := sales_counted(OLD.status) IS DISTINCT FROM sales_counted(NEW.status)
    OR sales_uk_day(coalesce(OLD.paid_at, OLD.created_at))
       IS DISTINCT FROM sales_uk_day(coalesce(NEW.paid_at, NEW.created_at))
    OR OLD.sales_delivery_option IS DISTINCT FROM NEW.sales_delivery_option;
  PERFORM sales_days_put_order(OLD, -1, moved);
  PERFORM sales_days_put_order(NEW, 1, moved);
  IF OLD.sales_delivery_option IS DISTINCT FROM NEW.sales_delivery_option THEN
    FOR r IN SELECT * FROM refunds WHERE order_id = NEW.id LOOP
      PERFORM sales_days_put_refund(r, OLD.sales_delivery_option, -1, true);
      PERFORM sales_days_put_refund(r, NEW.sales_delivery_option, 1, true);
    END LOOP;
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER sales_days_order_insert AFTER INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION sales_days_order_changed();
CREATE TRIGGER sales_days_order_update AFTER UPDATE ON orders
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.paid_at IS DISTINCT FROM NEW.paid_at
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.amount IS DISTINCT FROM NEW.amount
    OR OLD.credit_used IS DISTINCT FROM NEW.credit_used
    OR OLD.sales_discount IS DISTINCT FROM NEW.sales_discount
    OR OLD.sales_delivery IS DISTINCT FROM NEW.sales_delivery
    OR OLD.sales_tax IS DISTINCT FROM NEW.sales_tax
    OR OLD.sales_delivery_option IS DISTINCT FROM NEW.sales_delivery_option)
  EXECUTE FUNCTION sales_days_order_changed();
CREATE TRIGGER sales_days_order_delete BEFORE DELETE ON orders
  FOR EACH ROW EXECUTE FUNCTION sales_days_order_changed();

-- A line, under its order's day and option when the order counts; a line whose rate
-- changes moves its refunded VAT too. Deleting happens BEFORE, with its refunded VAT.
CREATE FUNCTION sales_days_line_put(line order_items, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE o orders;
BEGIN
  SELECT * INTO o FROM orders WHERE id = line.order_id;
  IF NOT FOUND THEN RETURN; END IF;
  IF sales_counted(o.status) THEN
    PERFORM sales_days_put(sales_uk_day(coalesce(o.paid_at, o.created_at)),
      o.sales_delivery_option, line.tax_rate_bp, sales_slot(o.id), 0, 0, 0, 0,
      sign * line.tax_amount,
      sign * CASE WHEN line.is_promotion_item THEN 0 ELSE line.quantity END, 0, 0);
  END IF;
END;
$$;
CREATE FUNCTION sales_days_line_refunds_put(line order_items, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT f.created_at, f.order_id, ri.tax_amount, o.sales_delivery_option
    FROM refund_items ri JOIN refunds f ON f.id = ri.refund_id JOIN orders o ON o.id = f.order_id
    WHERE ri.order_item_id = line.id AND f.state = 'completed'
    ORDER BY f.id
  LOOP
    PERFORM sales_days_put(sales_uk_day(r.created_at), r.sales_delivery_option,
      line.tax_rate_bp, sales_slot(r.order_id), 0, 0, 0, 0, 0, 0, 0, sign * r.tax_amount);
  END LOOP;
END;
$$;
CREATE FUNCTION sales_days_line_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM sales_days_line_put(OLD, -1);
    IF TG_OP = 'DELETE' OR OLD.tax_rate_bp <> NEW.tax_rate_bp THEN
      PERFORM sales_days_line_refunds_put(OLD, -1);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM sales_days_line_put(NEW, 1);
    IF TG_OP = 'UPDATE' AND OLD.tax_rate_bp <> NEW.tax_rate_bp THEN
      PERFORM sales_days_line_refunds_put(NEW, 1);
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER sales_days_line_insert AFTER INSERT ON order_items
  FOR EACH ROW EXECUTE FUNCTION sales_days_line_changed();
CREATE TRIGGER sales_days_line_update AFTER UPDATE ON order_items
  FOR EACH ROW
  WHEN (OLD.quantity IS DISTINCT FROM NEW.quantity OR OLD.tax_amount IS DISTINCT FROM NEW.tax_amount
    OR OLD.tax_rate_bp IS DISTINCT FROM NEW.tax_rate_bp
    OR OLD.is_promotion_item IS DISTINCT FROM NEW.is_promotion_item
    OR OLD.order_id IS DISTINCT FROM NEW.order_id)
  EXECUTE FUNCTION sales_days_line_changed();
CREATE TRIGGER sales_days_line_delete BEFORE DELETE ON order_items
  FOR EACH ROW EXECUTE FUNCTION sales_days_line_changed();

-- Refunds, once completed, on the UK day they were made, under their order's option.
-- A refund's lines are written after it and count themselves; one whose day or
-- completion changes moves them. Deleting happens BEFORE, lines and all.
CREATE FUNCTION sales_days_refund_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  opt text;
  moved boolean;
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT sales_delivery_option INTO opt FROM orders WHERE id = OLD.order_id;
    IF FOUND THEN PERFORM sales_days_put_refund(OLD, opt, -1, true); END IF;
    RETURN OLD;
  END IF;
  SELECT sales_delivery_option INTO opt FROM orders WHERE id = NEW.order_id;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM sales_days_put_refund(NEW, opt, 1, false);
    RETURN NULL;
  END IF;
  moved := OLD.state IS DISTINCT FROM NEW.state
    OR sales_uk_day(OLD.created_at) IS DISTINCT FROM sales_uk_day(NEW.created_at)
    OR OLD.order_id IS DISTINCT FROM NEW.order_id;
  PERFORM sales_days_put_refund(OLD, opt, -1, moved);
  PERFORM sales_days_put_refund(NEW, opt, 1, moved);
  RETURN NULL;
END;
$$;
CREATE TRIGGER sales_days_refund_insert AFTER INSERT ON refunds
  FOR EACH ROW EXECUTE FUNCTION sales_days_refund_changed();
CREATE TRIGGER sales_days_refund_update AFTER UPDATE ON refunds
  FOR EACH ROW
  WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.amount IS DISTINCT FROM NEW.amount OR OLD.tax_amount IS DISTINCT FROM NEW.tax_amount
    OR OLD.order_id IS DISTINCT FROM NEW.order_id)
  EXECUTE FUNCTION sales_days_refund_changed();
CREATE TRIGGER sales_days_refund_delete BEFORE DELETE ON refunds
  FOR EACH ROW EXECUTE FUNCTION sales_days_refund_changed();

-- A refunded line's VAT, at the line's rate, when its refund is completed. A cascade
-- (refund or line deleted first) finds nothing: the parent's trigger took it away.
CREATE FUNCTION sales_days_refund_line_put(ri refund_items, sign integer) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  SELECT f.created_at, f.order_id, i.tax_rate_bp, o.sales_delivery_option INTO r
  FROM refunds f
  JOIN order_items i ON i.id = ri.order_item_id
  JOIN orders o ON o.id = f.order_id
  WHERE f.id = ri.refund_id AND f.state = 'completed';
  IF NOT FOUND THEN RETURN; END IF;
  PERFORM sales_days_put(sales_uk_day(r.created_at), r.sales_delivery_option, r.tax_rate_bp,
    sales_slot(r.order_id), 0, 0, 0, 0, 0, 0, 0, sign * ri.tax_amount);
END;
$$;
CREATE FUNCTION sales_days_refund_line_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM sales_days_refund_line_put(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM sales_days_refund_line_put(NEW, 1); END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER sales_days_refund_line_insert AFTER INSERT ON refund_items
  FOR EACH ROW EXECUTE FUNCTION sales_days_refund_line_changed();
CREATE TRIGGER sales_days_refund_line_update AFTER UPDATE ON refund_items
  FOR EACH ROW
  WHEN (OLD.tax_amount IS DISTINCT FROM NEW.tax_amount
    OR OLD.refund_id IS DISTINCT FROM NEW.refund_id
    OR OLD.order_item_id IS DISTINCT FROM NEW.order_item_id)
  EXECUTE FUNCTION sales_days_refund_line_changed();
CREATE TRIGGER sales_days_refund_line_delete AFTER DELETE ON refund_items
  FOR EACH ROW EXECUTE FUNCTION sales_days_refund_line_changed();

-- The same rows from the orders and refunds themselves.
CREATE FUNCTION sales_days_recomputed()
RETURNS TABLE (
  day date, delivery_option text, rate integer, slot integer, orders bigint, takings bigint,
  discounts bigint, delivery bigint, tax bigint, items bigint, refunds bigint, refund_tax bigint
)
LANGUAGE sql STABLE AS $$
  SELECT f.day, f.delivery_option, f.rate, f.slot, sum(f.orders), sum(f.takings),
         sum(f.discounts), sum(f.delivery), sum(f.tax), sum(f.items), sum(f.refunds),
         sum(f.refund_tax)
  FROM (
    SELECT sales_uk_day(coalesce(o.paid_at, o.created_at)) AS day,
           coalesce(o.sales_delivery_option, '') AS delivery_option, -1 AS rate,
           sales_slot(o.id) AS slot, 1 AS orders, o.amount + o.credit_used AS takings,
           o.sales_discount AS discounts, o.sales_delivery AS delivery, o.sales_tax AS tax,
           0 AS items, 0 AS refunds, 0 AS refund_tax
    FROM orders o WHERE sales_counted(o.status)
    UNION ALL
    SELECT sales_uk_day(coalesce(o.paid_at, o.created_at)), coalesce(o.sales_delivery_option, ''),
           i.tax_rate_bp, sales_slot(o.id), 0, 0, 0, 0, i.tax_amount,
           CASE WHEN i.is_promotion_item THEN 0 ELSE i.quantity END, 0, 0
    FROM order_items i JOIN orders o ON o.id = i.order_id WHERE sales_counted(o.status)
    UNION ALL
    SELECT sales_uk_day(r.created_at), coalesce(o.sales_delivery_option, ''), -1,
           sales_slot(r.order_id), 0, 0, 0, 0, 0, 0, r.amount, r.tax_amount
    FROM refunds r JOIN orders o ON o.id = r.order_id WHERE r.state = 'completed'
    UNION ALL
    SELECT sales_uk_day(r.created_at), coalesce(o.sales_delivery_option, ''), i.tax_rate_bp,
           sales_slot(r.order_id), 0, 0, 0, 0, 0, 0, 0, ri.tax_amount
    FROM refund_items ri
    JOIN refunds r ON r.id = ri.refund_id
    JOIN order_items i ON i.id = ri.order_item_id
    JOIN orders o ON o.id = r.order_id
    WHERE r.state = 'completed'
  ) f
  GROUP BY 1, 2, 3, 4
$$;

-- Every row again from scratch (the backfill; bench:admin after its one-statement fill).
CREATE FUNCTION sales_days_rebuild() RETURNS void LANGUAGE sql AS $$
  DELETE FROM sales_days;
  INSERT INTO sales_days SELECT * FROM sales_days_recomputed();
$$;

SELECT sales_days_rebuild();

-- Finding customers by their orders (ADR 066; ADR 068 measured it on PostgreSQL): only
-- orders placed from an account can name a customer, so their own trigram index, smaller
-- than orders_search_trgm_idx by the guests' orders, whose common trigrams ("gma", "com")
-- a search otherwise reads through.
CREATE INDEX orders_account_search_trgm_idx ON orders
  USING gin (search_text gin_trgm_ops) WHERE user_id IS NOT NULL;
