-- Order history, tracking and pre-order cancellation (ADR 023).

-- A cancellation under way: set (with the order row locked by the UPDATE that sets it)
-- by the one request that goes on to reverse the payment; others wait for its outcome.
-- A claim older than a few minutes is from a process that stopped and may be retaken
-- (reversing a payment again is harmless: the gateway answers the earlier reversal).
ALTER TABLE orders
  ADD COLUMN cancel_claimed_at timestamptz,
  ADD COLUMN cancelled_at      timestamptz,
  -- How the payment was given back: 'void' (never taken) or 'refund'; NULL for a free order.
  ADD COLUMN reversal_kind     text CHECK (reversal_kind IN ('void', 'refund'));

-- A customer's order history, newest first.
CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC);
DROP INDEX IF EXISTS orders_user_idx;
