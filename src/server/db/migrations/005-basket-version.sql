-- A counter bumped by every write to a basket or its items: the basket's version,
-- which API processes use to tell whether a cached basket view is still current.
ALTER TABLE baskets ADD COLUMN version integer NOT NULL DEFAULT 0;
