-- Orders (ADR 019): written 'pending' before the charge and completed after it, so a
-- crash in between is recoverable; one active order per basket; and the working-day
-- ranges delivery estimates are computed from.

-- Delivery options: how many working days (Monday to Friday) after dispatch they
-- arrive, the hour (UK time) before which an order is dispatched the same working day
-- (NULL: no cut-off, dispatched the day it is placed when that is a working day), and,
-- for options delivered on one day of the week only, that day (ISO: 6 = Saturday).
ALTER TABLE delivery_options
  ADD COLUMN min_days        smallint NOT NULL DEFAULT 3 CHECK (min_days >= 0),
  ADD COLUMN max_days        smallint NOT NULL DEFAULT 5 CHECK (max_days >= 0),
  ADD COLUMN cutoff_hour     smallint CHECK (cutoff_hour BETWEEN 0 AND 23),
  ADD COLUMN delivery_weekday smallint CHECK (delivery_weekday BETWEEN 1 AND 7);
ALTER TABLE delivery_options ADD CONSTRAINT delivery_options_days_order CHECK (max_days >= min_days);

-- The demo options of databases seeded before this migration (src/server/db/seed has
-- the same figures for new ones); other options keep the 3–5 day default.
UPDATE delivery_options AS o
SET min_days = v.min_days, max_days = v.max_days, cutoff_hour = v.cutoff_hour,
    delivery_weekday = v.delivery_weekday
FROM (VALUES
  ('uk-standard', 3, 5, NULL, NULL),
  ('uk-next-day', 1, 1, 14, NULL),
  ('uk-saturday', 1, 1, 14, 6),
  ('hi-standard', 5, 7, NULL, NULL),
  ('hi-express', 2, 3, NULL, NULL),
  ('ni-standard', 4, 6, NULL, NULL),
  ('ci-standard', 5, 8, NULL, NULL),
  ('eu-standard', 7, 10, NULL, NULL),
  ('eu-tracked', 5, 7, NULL, NULL)
) AS v(id, min_days, max_days, cutoff_hour, delivery_weekday)
WHERE o.id = v.id;

CREATE TABLE orders (
  id               serial PRIMARY KEY,
  -- What the shop's URLs and the gateway (order id) know the order by: random.
  public_id        uuid NOT NULL UNIQUE,
  -- What the shopper sees, e.g. 'EB-7K3Q9M2X': random, so not guessable in sequence.
  order_number     text NOT NULL UNIQUE,
  -- Guest baskets may be purged by housekeeping long after a failed attempt.
  basket_id        uuid REFERENCES baskets(id) ON DELETE SET NULL,
  user_id          integer REFERENCES users(id) ON DELETE SET NULL,
  email_address    text NOT NULL,
  status           text NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'paid', 'failed', 'cancelled', 'dispatched')),
  -- What is charged, pence (0: a free order, no payment taken).
  amount           integer NOT NULL CHECK (amount >= 0),
  -- The priced basket as ordered, in the OrderView's shape (items, prices, addresses…).
  snapshot         jsonb NOT NULL,
  -- Stock taken per product (after bundles are split into their parts), and how many
  -- of each went beyond the stock as pre-orders: [{ product_id, quantity, preorder }].
  reservations     jsonb NOT NULL DEFAULT '[]',
  payment_type     text,
  payment_card_type text,
  payment_last_four text,
  transaction_id   text,
  -- A refused charge: the catalogue error type and message the shopper was given.
  failure_type     text,
  failure_message  text,
  idempotency_key  text UNIQUE,
  buds_used        integer NOT NULL DEFAULT 0 CHECK (buds_used >= 0),
  buds_earned      integer NOT NULL DEFAULT 0 CHECK (buds_earned >= 0),
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
-- One basket, one order: at most one order per basket that is being paid or was paid.
CREATE UNIQUE INDEX orders_basket_active_idx ON orders (basket_id)
  WHERE status IN ('pending', 'paid', 'dispatched');
-- Reconciliation looks for old pending orders.
CREATE INDEX orders_pending_idx ON orders (created_at) WHERE status = 'pending';
CREATE INDEX orders_user_idx ON orders (user_id);
