-- Refunds from the back office (ADR 051).

-- The test-mode gateway refunds a settled sale in several parts up to its amount, as
-- Braintree does: migration 016's one-refund-per-sale index goes. Refunds and voids of
-- one sale now take turns on the sale's row (SELECT … FOR UPDATE), so two processes
-- reversing the same sale at once still record one full refund.
DROP INDEX payment_ledger_one_refund;

-- A refund to the payment is reserved in the database before the gateway is asked
-- (state 'pending': its amounts count against the order, it has no credit note number
-- yet) and completed, with its credit note number, once the gateway has answered; a
-- refusal deletes the reservation. So credit note numbers are taken only by refunds
-- that happened, and stay gap-free.
ALTER TABLE refunds ALTER COLUMN credit_note_number DROP NOT NULL;
ALTER TABLE refunds
  ADD COLUMN state text NOT NULL DEFAULT 'completed' CHECK (state IN ('pending', 'completed')),
  ADD CONSTRAINT refunds_numbered_once_completed
    CHECK ((state = 'completed') = (credit_note_number IS NOT NULL));
CREATE INDEX refunds_pending_idx ON refunds (created_at) WHERE state = 'pending';

-- The delivery charge is given back at most once per order.
CREATE UNIQUE INDEX refunds_delivery_once ON refunds (order_id) WHERE delivery_amount > 0;
