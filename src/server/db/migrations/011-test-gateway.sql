-- The test-mode payment gateway's own records (ADR 018): what Braintree keeps on its
-- side, kept here when the shop runs without a Braintree account.
-- payment_ledger: every verification, sale, void and refund it performed, so tests (and
-- a person looking at a demo shop) can count what was charged.

CREATE TABLE payment_ledger (
  id             serial PRIMARY KEY,
  transaction_id text NOT NULL UNIQUE,
  order_id       text,
  kind           text NOT NULL CHECK (kind IN ('verification', 'sale', 'void', 'refund')),
  -- Pence; verifications are for 0.
  amount         integer NOT NULL CHECK (amount >= 0),
  -- Braintree's statuses: submitted_for_settlement, settled, voided, processor_declined,
  -- gateway_rejected, failed; verifications: verified, processor_declined, gateway_rejected, failed.
  status         text NOT NULL,
  -- Whether the sale holds the shopper's money: true once it goes through, false again
  -- when voided (a refund is a row of its own; the sale stays charged).
  charged        boolean NOT NULL DEFAULT false,
  -- credit_card, paypal, apple_pay, android_pay_card.
  payment_type   text,
  -- The fake nonce the payment method stands for, e.g. fake-valid-visa-nonce.
  nonce_class    text,
  card_type      text,
  last_four      text,
  -- The processor's or gateway's answer, e.g. '2000 : Do Not Honor'.
  response_text  text,
  -- The sale a void or refund reverses.
  reverses       text,
  created_at     timestamptz NOT NULL DEFAULT now()
);
-- One charge per order id: a second sale for the same order answers with the first
-- (after a void, the order id may be charged again).
CREATE UNIQUE INDEX payment_ledger_one_charge_per_order
  ON payment_ledger (order_id) WHERE kind = 'sale' AND charged;
CREATE INDEX payment_ledger_order_idx ON payment_ledger (order_id);

-- Nonces the test gateway minted: single-use, each remembering the fake nonce class and
-- card details it was minted for and, after 3-D Secure, the authentication's result.
CREATE TABLE test_gateway_nonces (
  nonce          text PRIMARY KEY,
  -- CreditCard, PayPalAccount, ApplePayCard, AndroidPayCard.
  type           text NOT NULL,
  nonce_class    text NOT NULL,
  details        jsonb NOT NULL,
  -- { status, liabilityShifted, liabilityShiftPossible } once 3-D Secure ran.
  three_d_secure jsonb,
  -- Set for a nonce standing for a vaulted card.
  vault_token    text,
  consumed_at    timestamptz,
  created_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX test_gateway_nonces_created_idx ON test_gateway_nonces (created_at);

-- The test gateway's vault: customers' stored cards (customer id = the shop's user id).
CREATE TABLE test_gateway_vault (
  token            text PRIMARY KEY,
  customer_id      text NOT NULL,
  is_default       boolean NOT NULL DEFAULT false,
  nonce_class      text NOT NULL,
  card_type        text NOT NULL,
  last_four        text NOT NULL,
  bin              text NOT NULL,
  expiration_month text NOT NULL,
  expiration_year  text NOT NULL,
  cardholder_name  text,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX test_gateway_vault_customer_idx ON test_gateway_vault (customer_id);
CREATE UNIQUE INDEX test_gateway_vault_one_default
  ON test_gateway_vault (customer_id) WHERE is_default;
