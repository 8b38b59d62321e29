-- The dashboard's "today" (ADR 049): orders paid on a UK day, found by when they were
-- paid (created, for orders paid before paid_at was kept) without reading every order.
CREATE INDEX orders_paid_day_idx ON orders ((coalesce(paid_at, created_at)));
