-- VAT invoices and credit notes as documents (ADR 071).

-- Invoices are numbered from their own gap-free sequence (migration 021's table), the
-- number taken in the statement that issues the invoice.
INSERT INTO document_sequences (kind) VALUES ('invoice') ON CONFLICT (kind) DO NOTHING;

-- An order's VAT invoice as issued: every figure it prints, copied from the order's
-- stored lines and sales figures (migration 035) when it was issued, so it never
-- changes afterwards (a product renamed or repriced, a delivery option's rate changed,
-- the shop's address moved). Pence, VAT inclusive unless named net.
CREATE TABLE invoices (
  id               serial PRIMARY KEY,
  order_id         integer NOT NULL UNIQUE REFERENCES orders(id) ON DELETE CASCADE,
  -- 'INV-000001' …
  invoice_number   text NOT NULL UNIQUE,
  issued_at        timestamptz NOT NULL DEFAULT now(),
  -- The time of supply (tax point): when the order was paid.
  supplied_at      timestamptz NOT NULL,
  -- The shop's legal name, address and VAT number when issued (configuration).
  seller           jsonb NOT NULL,
  -- The customer's billing (else delivery) address from the order.
  customer         jsonb,
  -- [{description, sku, quantity, unit_price, gross, rate_bp, tax, promotion}]
  lines            jsonb NOT NULL,
  -- The delivery charge after any discount, the VAT in it and the rate it is at.
  delivery_gross   integer NOT NULL,
  delivery_tax     integer NOT NULL,
  delivery_rate_bp integer NOT NULL,
  tax_exempt       boolean NOT NULL DEFAULT false,
  gross            integer NOT NULL,
  tax              integer NOT NULL
  -- No CHECKs on the figures: the invoice is issued in the statement that completes a
  -- paid order, which must never fail over it; the bench reconciles them instead.
);

-- A credit note is a completed refund (migration 025: its number, amounts, VAT and
-- lines are already stored and never change); it keeps the seller it was issued by.
ALTER TABLE refunds ADD COLUMN seller jsonb;

-- Files sent with an email ([{filename, content_type, size, content (base64)}]), so tests
-- and the development outbox page see what a customer would receive.
ALTER TABLE outbox_emails ADD COLUMN attachments jsonb;
