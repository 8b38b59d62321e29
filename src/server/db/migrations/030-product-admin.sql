-- Products in the back office (issue 22, ADR 062): a renamed product keeps its old web
-- addresses (each answers 301 to the product's current one), and a variation can be VAT
-- exempt as well as zero-rated (both charge 0%, but they are reported apart).

-- One row per slug a product family used to have. It names the family, not its new slug,
-- so a family renamed twice sends both old addresses straight to the current one. A new
-- product that takes an old slug removes its row here (the slug is its own from then on).
CREATE TABLE product_slug_redirects (
  old_slug   text PRIMARY KEY,
  product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_slug_redirects_product_idx ON product_slug_redirects (product_id);

ALTER TABLE products ADD COLUMN vat_exempt boolean NOT NULL DEFAULT false;
ALTER TABLE products ADD CONSTRAINT products_vat_exempt_no_rate
  CHECK (NOT vat_exempt OR tax_rate_bp = 0);
