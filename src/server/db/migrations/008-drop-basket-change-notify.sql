-- Basket changes are no longer announced (ADR 012): pg_notify serialises the commits of
-- every notifying transaction across the cluster. Migration 007's BEFORE UPDATE trigger
-- stays: every update of a basket row still bumps its version, which GET compares
-- against the view it built before (ADR 005).

DROP TRIGGER IF EXISTS baskets_announce_change ON baskets;
DROP FUNCTION IF EXISTS baskets_announce_change();
