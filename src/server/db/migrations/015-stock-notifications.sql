-- Back-in-stock alerts (ADR 025): a shopper's sign-up for one variation, emailed once
-- when its stock comes back. A sign-up is waiting until sent_at is set; a process that
-- is sending it holds claimed_at (a lease: a crashed sender's claim runs out and the
-- next sweep sends it).
CREATE TABLE stock_notifications (
  id            serial PRIMARY KEY,
  product_id    integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  -- Lower-cased by the API, so one address is one sign-up whatever its capitals.
  email_address text NOT NULL CHECK (email_address = lower(email_address)),
  created_at    timestamptz NOT NULL DEFAULT now(),
  claimed_at    timestamptz,
  sent_at       timestamptz
);

-- One waiting sign-up per product and address; once sent, the shopper may sign up again.
CREATE UNIQUE INDEX stock_notifications_waiting_unique
  ON stock_notifications (product_id, email_address) WHERE sent_at IS NULL;
