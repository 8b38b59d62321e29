-- Delivery options created, retired and deleted in the back office (ADR 082). Orders,
-- the sales summary and the reports name an option by its id (orders.sales_delivery_option,
-- sales_days.delivery_option) and the reports look up its current VAT rate, so an option
-- an order used is never deleted: it is retired, kept with its name and rate, offered to
-- nobody. A retired option is always closed (active false), so every reader that offers
-- only active options (the checkout, ADR 065) needs no change.
ALTER TABLE delivery_options ADD COLUMN retired_at timestamptz;
ALTER TABLE delivery_options
  ADD CONSTRAINT delivery_options_retired_closed CHECK (retired_at IS NULL OR NOT active);

-- "Has any order used this option?" (delete or retire; the back office's list) answered
-- from an index instead of a scan of every order.
CREATE INDEX orders_sales_delivery_option_idx ON orders (sales_delivery_option);
