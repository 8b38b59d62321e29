-- Customer accounts: users, their auth tokens (stored only as hashes), password
-- reset links, saved addresses, the buds (loyalty points) ledger, rate-limit
-- counters, the email outbox, and baskets that belong to a customer.

CREATE TABLE users (
  id                 serial PRIMARY KEY,
  email_address      text NOT NULL UNIQUE,
  password_hash      text NOT NULL,
  title              text,
  first_name         text NOT NULL,
  last_name          text NOT NULL,
  prices_exclude_tax boolean NOT NULL DEFAULT false,
  newsletter         boolean NOT NULL DEFAULT false,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE auth_tokens (
  token_hash text PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX auth_tokens_user_idx ON auth_tokens (user_id);

CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX password_resets_user_idx ON password_resets (user_id);

CREATE TABLE user_addresses (
  id               serial PRIMARY KEY,
  user_id          integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  address          jsonb NOT NULL,
  default_delivery boolean NOT NULL DEFAULT false,
  default_billing  boolean NOT NULL DEFAULT false,
  created_at       timestamptz NOT NULL DEFAULT now(),
  updated_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX user_addresses_user_idx ON user_addresses (user_id);

-- Each row adds (earned) or removes (spent) buds; the balance is the sum.
CREATE TABLE loyalty_ledger (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  change     integer NOT NULL,
  reason     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX loyalty_ledger_user_idx ON loyalty_ledger (user_id);

-- Fixed-window counters shared by every API process (e.g. failed logins).
CREATE TABLE rate_limits (
  key          text PRIMARY KEY,
  hits         integer NOT NULL,
  window_start timestamptz NOT NULL
);

CREATE TABLE outbox_emails (
  id         serial PRIMARY KEY,
  to_address text NOT NULL,
  subject    text NOT NULL,
  text_body  text NOT NULL,
  html_body  text,
  created_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE baskets ADD COLUMN user_id integer REFERENCES users(id) ON DELETE SET NULL;
CREATE INDEX baskets_user_open_idx ON baskets (user_id) WHERE status = 'open';

-- Links that copy a basket into another browser.
CREATE TABLE basket_shares (
  id         uuid PRIMARY KEY,
  basket_id  uuid NOT NULL REFERENCES baskets(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
