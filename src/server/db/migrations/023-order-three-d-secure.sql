-- The back office's order page (ADR 054): the 3-D Secure outcome of a card payment, as
-- the gateway reported it with the sale ({ "status": …, "liability_shifted": … }),
-- written by the statement that marks the order paid. NULL when unknown (older orders,
-- wallets, orders paid with nothing to charge, sales learned of by reconciliation).
ALTER TABLE orders ADD COLUMN three_d_secure jsonb;

-- The dashboard's "pre-orders now in stock" list (ADR 054): lines still to send that
-- hold pre-ordered units — few among the lines awaiting dispatch, so the list reads
-- them from this small index rather than from every waiting line.
CREATE INDEX order_items_awaiting_preorder_idx ON order_items (order_id, product_id)
  WHERE dispatched + refunded < quantity AND preorder_quantity > 0;
