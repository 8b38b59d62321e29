-- The stock ledger adds up to the level (ADR 053): every variation's stock that was on
-- hand before the ledger existed is written as one 'opening' movement (0 → the level),
-- so the sum of a variation's changes equals its quantity_on_hand for old data too.
-- Stock loaded later by the demo seed gets its opening movement there.
INSERT INTO stock_movements (product_id, change, before, after, reason, note)
SELECT p.id, p.quantity_on_hand, 0, p.quantity_on_hand, 'opening', 'Stock on hand before the ledger'
FROM products p
WHERE p.quantity_on_hand > 0
  AND NOT EXISTS (SELECT 1 FROM stock_movements m WHERE m.product_id = p.id);

