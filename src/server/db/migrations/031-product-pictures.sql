-- Product pictures (ADR 063): a family's uploaded pictures, in the merchant's order, each
-- with its alt text. The files (WebP and AVIF at each width) live in the media folder,
-- named by the hash of the uploaded bytes; a row names them by that hash and its widths.
-- A family with no pictures keeps showing products.image_path (the demo's drawings).
CREATE TABLE product_pictures (
  id          serial PRIMARY KEY,
  -- The family's row (parent_id IS NULL); its pictures go with it.
  product_id  integer NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  -- 0-based place in the family's list: the first is the product's picture.
  position    integer NOT NULL CHECK (position >= 0),
  alt         text NOT NULL CHECK (length(alt) BETWEEN 1 AND 250),
  -- sha-256 of the uploaded bytes, first 32 hex digits: the files' names.
  hash        text NOT NULL CHECK (hash ~ '^[0-9a-f]{32}$'),
  -- The uploaded picture's size and type, as its bytes said.
  width       integer NOT NULL CHECK (width > 0),
  height      integer NOT NULL CHECK (height > 0),
  source_type text NOT NULL CHECK (source_type IN ('jpeg', 'png', 'webp')),
  bytes       integer NOT NULL CHECK (bytes > 0),
  -- The widths stored (each as WebP and AVIF), ascending.
  widths      integer[] NOT NULL,
  staff_id    integer REFERENCES staff (id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  -- Set when staff remove it: out of the list (and the shop) until put back. Its
  -- position is then where it was, for putting it back there.
  removed_at  timestamptz
);
-- A family's pictures in order (the shop reads the first of each family it shows).
CREATE INDEX product_pictures_product_position ON product_pictures (product_id, position, id)
  WHERE removed_at IS NULL;
