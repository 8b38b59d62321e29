-- The back office's order page (ADR 054): the 3-D Secure outcome of a card payment, as
-- the gateway reported it with the sale ({ "status": …, "liability_shifted": … }),
-- written by the statement that marks the order paid. NULL when unknown (older orders,
-- wallets, orders paid with nothing to charge, sales learned of by reconciliation).
ALTER TABLE orders ADD COLUMN three_d_secure jsonb;
