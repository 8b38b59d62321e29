-- Card testing (ADR 040): payment attempts per key (basket, customer, email, client
-- address, card fingerprint) while they count. An attempt's rows are written when it
-- is let through to the gateway (pending) and kept only if the payment was refused
-- (failed); a sale that went through, or whose outcome is unknown, deletes them. A key
-- with 5 pending-or-failed rows inside the 15-minute window refuses further
-- attempts. Who may write is decided under a transaction-scoped advisory lock per key,
-- so parallel attempts on one key are counted one after another.
CREATE TABLE payment_attempts (
  -- One attempt (one charge of one order) writes one row per key it is counted under.
  attempt_id uuid NOT NULL,
  key text NOT NULL,
  failed boolean NOT NULL DEFAULT false,
  -- When it was let through; for a failed one, when it failed (the window counts from it).
  at timestamptz NOT NULL,
  PRIMARY KEY (attempt_id, key)
);

-- What admitting an attempt counts (per key, inside the window), and housekeeping's purge.
CREATE INDEX payment_attempts_key_at_idx ON payment_attempts (key, at);
CREATE INDEX payment_attempts_at_idx ON payment_attempts (at);
