-- The back office's customers and UK GDPR (issue 22, ADR 066): disabling an account,
-- erasing one, buds granted by staff, and the indexes that find a customer by email,
-- name or postcode among hundreds of thousands of orders.

-- A disabled account cannot sign in and its tokens stop working (its sessions are also
-- revoked when it is disabled). An erased account is disabled for good: its personal
-- data replaced, its orders kept for the accounts without name or address.
ALTER TABLE users
  ADD COLUMN disabled_at timestamptz,
  ADD COLUMN erased_at   timestamptz;

-- Buds granted (or taken back) by staff name who did it; earned and spent buds have none.
ALTER TABLE loyalty_ledger ADD COLUMN staff_id integer REFERENCES staff(id);

-- Finding customers (LIKE '%…%', answered by pg_trgm's GIN indexes from three
-- characters): the account's email and name; saved addresses' postcodes (spaces out);
-- orders' email, name and postcode already have orders_search_trgm_idx (migration 021).
CREATE INDEX users_search_trgm_idx ON users
  USING gin ((lower(email_address || ' ' || first_name || ' ' || last_name)) gin_trgm_ops);
CREATE INDEX user_addresses_postcode_trgm_idx ON user_addresses
  USING gin ((lower(replace(coalesce(address ->> 'postcode', ''), ' ', ''))) gin_trgm_ops);

-- A customer's newest first (the list's keyset) is the primary key. Export and erase
-- also reach what was left under their email address without an account: guest
-- orders, baskets and back-in-stock sign-ups.
CREATE INDEX orders_email_idx ON orders (lower(email_address));
CREATE INDEX baskets_email_idx ON baskets (lower(email_address)) WHERE email_address IS NOT NULL;
CREATE INDEX stock_notifications_email_idx ON stock_notifications (email_address);
CREATE INDEX loyalty_ledger_user_id_idx ON loyalty_ledger (user_id, id DESC);
