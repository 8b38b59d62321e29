-- Store credit on the basket (ADR 052): whether the customer spends their credit on it,
-- as use_loyalty_points says for buds. The credit itself is users.credit_balance
-- (migration 021); a guest's basket never uses any.
ALTER TABLE baskets ADD COLUMN use_credit boolean NOT NULL DEFAULT false;
