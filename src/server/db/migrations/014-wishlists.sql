-- Wishlists (ADR 024): one per customer, made when first written to, with the
-- variations saved to it. A wishlist can be read by anyone holding its share id: a
-- random, unguessable string, set while the owner shares it and cleared when they stop.

CREATE TABLE wishlists (
  id         serial PRIMARY KEY,
  user_id    integer NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  share_id   text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE wishlist_items (
  id          serial PRIMARY KEY,
  wishlist_id integer NOT NULL REFERENCES wishlists(id) ON DELETE CASCADE,
  product_id  integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  added_at    timestamptz NOT NULL DEFAULT now(),
  -- Saving a variation twice keeps one item.
  UNIQUE (wishlist_id, product_id)
);
