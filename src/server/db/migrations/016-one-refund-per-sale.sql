-- The test-mode gateway refunds a sale in full, once (ADR 030): two processes reversing
-- the same sale at once (an order request and reconciliation) record one refund.
CREATE UNIQUE INDEX payment_ledger_one_refund
  ON payment_ledger (reverses) WHERE kind = 'refund';
