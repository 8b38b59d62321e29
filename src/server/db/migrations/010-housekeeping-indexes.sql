-- Housekeeping (ADR 013) deletes rows whose time is over, every hour in every API
-- process: these indexes let it find them without reading whole tables.

CREATE INDEX rate_limits_window_idx ON rate_limits (window_start);
CREATE INDEX auth_tokens_expires_idx ON auth_tokens (expires_at);
CREATE INDEX password_resets_expires_idx ON password_resets (expires_at);
CREATE INDEX basket_shares_expires_idx ON basket_shares (expires_at);
-- Also what deleting a basket (its links cascade) and "is there a live link" look up.
CREATE INDEX basket_shares_basket_idx ON basket_shares (basket_id);
-- Guest baskets that could go stale, oldest change first.
CREATE INDEX baskets_guest_updated_idx ON baskets (updated_at)
  WHERE user_id IS NULL AND status IN ('open', 'merged');
