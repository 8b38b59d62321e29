-- The back office's foundation (ADR 047): staff and their sessions, the append-only
-- audit trail, an order's lines as rows (what dispatch and refunds count against), the
-- order statuses dispatch and refunds set, an order's timeline, store credit and the
-- stock ledger, shipments and refunds. Later migrations add to them (023 the 3-D Secure
-- outcome, 025 refunds in progress, 026 the basket's use of credit, 027 opening stock).

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- ---------- staff

-- Staff are not customers: their own accounts, sessions and second factor.
CREATE TABLE staff (
  id               serial PRIMARY KEY,
  -- Lower-cased.
  email            text NOT NULL UNIQUE,
  name             text NOT NULL,
  role             text NOT NULL CHECK (role IN ('owner', 'manager', 'support', 'dispatcher')),
  -- argon2id, as customers'; NULL until the account is set up from its one-time link.
  password_hash    text,
  -- Base32 TOTP secret (RFC 6238); NULL until set up.
  totp_secret      text,
  -- The last TOTP time step accepted: a code is good once (replay protection).
  totp_last_step   bigint,
  -- The set-up link's token (hashed) and its expiry; cleared once used.
  setup_token_hash text UNIQUE,
  setup_expires_at timestamptz,
  disabled_at      timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE staff_sessions (
  -- sha256 of the cookie's token: the token itself is never stored.
  token_hash   text PRIMARY KEY,
  staff_id     integer NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  -- Idle expiry counts from here; absolute expiry from created_at.
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);

-- ---------- audit trail

-- Every back-office write, recorded in the write's own transaction. Append only.
CREATE TABLE audit_log (
  id          bigserial PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  -- NULL for the command line (actor says so).
  staff_id    integer REFERENCES staff(id),
  -- The staff member's email at the time, or e.g. 'cli'.
  actor       text NOT NULL,
  -- e.g. 'order.dispatch', 'stock.adjust', 'staff.create'.
  action      text NOT NULL,
  -- e.g. 'order', 'variation', 'staff', 'customer'; the record's own key as text.
  entity_type text NOT NULL,
  entity_id   text NOT NULL,
  before      jsonb,
  after       jsonb,
  reason      text,
  ip          text
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
CREATE INDEX audit_log_entity_idx ON audit_log (entity_type, entity_id, id DESC);
CREATE INDEX audit_log_staff_idx ON audit_log (staff_id, id DESC);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append only' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER audit_log_append_only
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- ---------- orders

-- Dispatch and refunds move an order on from paid (ADR 047):
-- paid → partially_dispatched → dispatched as lines are sent; any refund makes it
-- partially_refunded, and refunded once everything paid has gone back.
ALTER TABLE orders DROP CONSTRAINT orders_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_status_check CHECK (status IN (
  'pending', 'paid', 'partially_dispatched', 'dispatched', 'cancelled',
  'refunded', 'partially_refunded', 'failed'));
DROP INDEX orders_basket_active_idx;
CREATE UNIQUE INDEX orders_basket_active_idx ON orders (basket_id)
  WHERE status NOT IN ('failed', 'cancelled');

ALTER TABLE orders
  ADD COLUMN paid_at         timestamptz,
  -- Store credit the order spent (pence); charged = amount, paid in all = amount + credit_used.
  ADD COLUMN credit_used     integer NOT NULL DEFAULT 0 CHECK (credit_used >= 0),
  -- Refunded so far, to the payment and as credit (pence): never beyond what was paid.
  ADD COLUMN refunded_amount integer NOT NULL DEFAULT 0 CHECK (refunded_amount >= 0),
  ADD CONSTRAINT orders_refund_within_payment CHECK (refunded_amount <= amount + credit_used),
  -- What staff search an order by: its number, email, name and postcode (spaces out).
  ADD COLUMN search_text text GENERATED ALWAYS AS (lower(
    order_number || ' ' || email_address || ' ' ||
    coalesce(snapshot #>> '{delivery_address,full_name}', '') || ' ' ||
    replace(coalesce(snapshot #>> '{delivery_address,postcode}', ''), ' ', '')
  )) STORED;
UPDATE orders SET paid_at = updated_at WHERE status NOT IN ('pending', 'failed');

-- The back office's order list: newest first, by status, and by search.
CREATE INDEX orders_newest_idx ON orders (id DESC);
CREATE INDEX orders_status_newest_idx ON orders (status, id DESC);
CREATE INDEX orders_search_trgm_idx ON orders USING gin (search_text gin_trgm_ops);

-- An order's lines as rows, made from its snapshot when the order is written (the
-- trigger below): what dispatch and refunds count against, so the database itself
-- refuses sending or refunding more than was bought.
CREATE TABLE order_items (
  id          serial PRIMARY KEY,
  order_id    integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  position    integer NOT NULL,
  -- The basket line it came from (the snapshot's item id; 'promotion-N' for gifts).
  basket_item_id text NOT NULL,
  -- The variation.
  product_id  integer NOT NULL,
  sku         text NOT NULL,
  name        text NOT NULL,
  quantity    integer NOT NULL CHECK (quantity > 0),
  preorder_quantity integer NOT NULL DEFAULT 0 CHECK (preorder_quantity >= 0),
  -- Pence including VAT: one unit's price, and what the line cost after its discounts.
  unit_price  integer NOT NULL CHECK (unit_price >= 0),
  total_price integer NOT NULL CHECK (total_price >= 0),
  tax_rate_bp integer NOT NULL DEFAULT 2000,
  is_promotion_item boolean NOT NULL DEFAULT false,
  dispatched  integer NOT NULL DEFAULT 0 CHECK (dispatched >= 0 AND dispatched <= quantity),
  refunded    integer NOT NULL DEFAULT 0 CHECK (refunded >= 0 AND refunded <= quantity),
  UNIQUE (order_id, position)
);
CREATE INDEX order_items_product_idx ON order_items (product_id);
-- Lines still to send: what "awaiting dispatch" reads.
CREATE INDEX order_items_awaiting_idx ON order_items (order_id)
  WHERE dispatched + refunded < quantity;

CREATE FUNCTION order_items_from_snapshot(o orders) RETURNS void LANGUAGE sql AS $$
  INSERT INTO order_items (order_id, position, basket_item_id, product_id, sku, name,
    quantity, preorder_quantity, unit_price, total_price, tax_rate_bp, is_promotion_item)
  SELECT o.id, line.position, line.item ->> 'id', (line.item #>> '{product,id}')::int,
         line.item #>> '{product,sku}', line.item ->> 'name',
         (line.item ->> 'quantity')::int,
         coalesce((line.item ->> 'preorder_quantity')::int, 0),
         coalesce((line.item #>> '{discounted_price,amount}')::int,
                  (line.item #>> '{price,amount}')::int, 0),
         coalesce((line.item #>> '{discounted_total_price,amount}')::int,
                  (line.item #>> '{total_price,amount}')::int, 0),
         coalesce(p.tax_rate_bp, 2000),
         coalesce((line.item ->> 'is_promotion_item')::boolean, false)
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

CREATE FUNCTION order_items_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM order_items_from_snapshot(NEW);
  RETURN NULL;
END;
$$;
CREATE TRIGGER orders_items_from_snapshot
  AFTER INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION order_items_on_insert();

SELECT order_items_from_snapshot(o) FROM orders o;

-- An order's story for staff: placed, paid, emails sent, dispatches, refunds, notes.
CREATE TABLE order_events (
  id        bigserial PRIMARY KEY,
  order_id  integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  at        timestamptz NOT NULL DEFAULT now(),
  -- e.g. 'email_sent', 'dispatched', 'tracking_corrected', 'refunded', 'note'.
  kind      text NOT NULL,
  -- Who: a staff member, or NULL for the shop itself / the customer.
  staff_id  integer REFERENCES staff(id),
  -- One line a person reads, e.g. 'Dispatch email sent to a@b.com'; a note's text.
  summary   text NOT NULL,
  detail    jsonb
);
CREATE INDEX order_events_order_idx ON order_events (order_id, id);

-- ---------- store credit

-- A customer's balance, pence. Spending lowers it in one conditional UPDATE, which
-- locks the customer's row: two orders cannot both spend the same credit.
ALTER TABLE users
  ADD COLUMN credit_balance integer NOT NULL DEFAULT 0 CHECK (credit_balance >= 0);

CREATE TABLE credit_ledger (
  id            bigserial PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- Pence: positive adds, negative spends.
  change        integer NOT NULL CHECK (change <> 0),
  balance_after integer NOT NULL CHECK (balance_after >= 0),
  kind          text NOT NULL CHECK (kind IN ('refund', 'goodwill', 'spent', 'returned')),
  reason        text NOT NULL,
  order_id      integer REFERENCES orders(id) ON DELETE SET NULL,
  staff_id      integer REFERENCES staff(id),
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_ledger_user_idx ON credit_ledger (user_id, id DESC);

-- ---------- stock ledger

-- Every change to a variation's stock on hand: who, why, before and after.
CREATE TABLE stock_movements (
  id          bigserial PRIMARY KEY,
  product_id  integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  change      integer NOT NULL,
  before      integer NOT NULL,
  after       integer NOT NULL CHECK (after >= 0),
  -- received, damaged, returned, correction (staff); counted (a stock take);
  -- sold, released (orders), restocked (a refund's restock), restock (the command).
  reason      text NOT NULL,
  note        text,
  staff_id    integer REFERENCES staff(id),
  order_id    integer REFERENCES orders(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  CHECK (after = before + change)
);
CREATE INDEX stock_movements_product_idx ON stock_movements (product_id, id DESC);

-- ---------- document numbers

-- Gap-free numbering per kind (credit notes, later invoices): the next number is taken
-- with an UPDATE … RETURNING in the document's own transaction, so a rolled-back
-- document gives its number back.
CREATE TABLE document_sequences (
  kind      text PRIMARY KEY,
  last_used bigint NOT NULL DEFAULT 0
);
INSERT INTO document_sequences (kind) VALUES ('credit_note');

-- ---------- dispatch

-- A parcel sent: which lines (shipment_items), by which carrier, with which tracking
-- number. A corrected tracking number keeps the old one in shipment_tracking_history.
CREATE TABLE shipments (
  id              serial PRIMARY KEY,
  order_id        integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  carrier         text NOT NULL
                  CHECK (carrier IN ('royal_mail', 'dpd', 'evri', 'parcelforce', 'other')),
  tracking_number text NOT NULL DEFAULT '',
  staff_id        integer REFERENCES staff(id),
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shipments_order_idx ON shipments (order_id, id);

CREATE TABLE shipment_items (
  shipment_id   integer NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
  order_item_id integer NOT NULL REFERENCES order_items(id) ON DELETE CASCADE,
  quantity      integer NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (shipment_id, order_item_id)
);

CREATE TABLE shipment_tracking_history (
  id              serial PRIMARY KEY,
  shipment_id     integer NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
  -- What it was before the correction.
  carrier         text NOT NULL,
  tracking_number text NOT NULL,
  staff_id        integer REFERENCES staff(id),
  changed_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shipment_tracking_history_idx ON shipment_tracking_history (shipment_id, id);

-- ---------- refunds

-- Money given back: lines, the delivery charge and/or a goodwill amount, to the payment
-- (the gateway) or as store credit, each with a credit note number.
CREATE TABLE refunds (
  id                 serial PRIMARY KEY,
  order_id           integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  -- From document_sequences ('credit_note'), e.g. 'CN-000042'.
  credit_note_number text NOT NULL UNIQUE,
  -- Pence including VAT: the whole refund, and its parts.
  amount             integer NOT NULL CHECK (amount > 0),
  items_amount       integer NOT NULL DEFAULT 0 CHECK (items_amount >= 0),
  delivery_amount    integer NOT NULL DEFAULT 0 CHECK (delivery_amount >= 0),
  goodwill_amount    integer NOT NULL DEFAULT 0 CHECK (goodwill_amount >= 0),
  -- The VAT within `amount`.
  tax_amount         integer NOT NULL DEFAULT 0 CHECK (tax_amount >= 0),
  destination        text NOT NULL CHECK (destination IN ('payment', 'credit')),
  -- To the payment: 'void' or 'refund', and the gateway's transaction.
  gateway_kind       text CHECK (gateway_kind IN ('void', 'refund')),
  gateway_transaction_id text,
  reason             text NOT NULL,
  restock            boolean NOT NULL DEFAULT false,
  staff_id           integer REFERENCES staff(id),
  created_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (amount = items_amount + delivery_amount + goodwill_amount)
);
CREATE INDEX refunds_order_idx ON refunds (order_id, id);

CREATE TABLE refund_items (
  refund_id     integer NOT NULL REFERENCES refunds(id) ON DELETE CASCADE,
  order_item_id integer NOT NULL REFERENCES order_items(id) ON DELETE CASCADE,
  quantity      integer NOT NULL CHECK (quantity > 0),
  -- Pence including VAT, and the VAT within it.
  amount        integer NOT NULL CHECK (amount >= 0),
  tax_amount    integer NOT NULL DEFAULT 0 CHECK (tax_amount >= 0),
  PRIMARY KEY (refund_id, order_item_id)
);
