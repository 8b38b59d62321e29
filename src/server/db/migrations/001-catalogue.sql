-- Catalogue: categories, product families and their sellable variations, option
-- values, images and bundle components. Prices are VAT-inclusive integer pence.

CREATE TABLE categories (
  id          serial PRIMARY KEY,
  slug        text NOT NULL UNIQUE,
  name        text NOT NULL,
  description text NOT NULL DEFAULT '',
  position    integer NOT NULL DEFAULT 0
);

-- A product family (parent_id IS NULL) groups sellable variations (parent_id set).
-- A product with no options has exactly one variation with no option values.
CREATE TABLE products (
  id               serial PRIMARY KEY,
  parent_id        integer REFERENCES products(id) ON DELETE CASCADE,
  slug             text NOT NULL UNIQUE,
  sku              text NOT NULL UNIQUE,
  name             text NOT NULL,
  description      text NOT NULL DEFAULT '',
  category_id      integer NOT NULL REFERENCES categories(id),
  price            integer NOT NULL DEFAULT 0 CHECK (price >= 0),
  tax_rate_bp      integer NOT NULL DEFAULT 2000 CHECK (tax_rate_bp >= 0),
  weight_g         integer NOT NULL DEFAULT 0,
  length_mm        integer NOT NULL DEFAULT 0,
  height_mm        integer NOT NULL DEFAULT 0,
  volume_cm3       integer NOT NULL DEFAULT 0,
  quantity_on_hand integer NOT NULL DEFAULT 0 CHECK (quantity_on_hand >= 0),
  is_preorder      boolean NOT NULL DEFAULT false,
  restock_date     date,
  discontinued     boolean NOT NULL DEFAULT false,
  is_bundle        boolean NOT NULL DEFAULT false,
  -- Drawing recipe for the generated preview image (see catalogue/media).
  image_style      text NOT NULL DEFAULT 'leafy',
  image_colour     text NOT NULL DEFAULT '#4a7c59',
  position         integer NOT NULL DEFAULT 0,
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_parent_idx ON products (parent_id);
CREATE INDEX products_category_idx ON products (category_id);

CREATE TABLE product_options (
  id       serial PRIMARY KEY,
  slug     text NOT NULL UNIQUE,
  name     text NOT NULL,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE product_option_values (
  id        serial PRIMARY KEY,
  option_id integer NOT NULL REFERENCES product_options(id) ON DELETE CASCADE,
  slug      text NOT NULL,
  name      text NOT NULL,
  position  integer NOT NULL DEFAULT 0,
  UNIQUE (option_id, slug)
);

-- Which option values a variation carries (one per option at most).
CREATE TABLE product_variation_values (
  product_id      integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  option_value_id integer NOT NULL REFERENCES product_option_values(id),
  PRIMARY KEY (product_id, option_value_id)
);

-- A bundle variation is made of component variations; its stock follows theirs.
CREATE TABLE bundle_components (
  bundle_id    integer NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  component_id integer NOT NULL REFERENCES products(id),
  quantity     integer NOT NULL DEFAULT 1 CHECK (quantity > 0),
  PRIMARY KEY (bundle_id, component_id)
);
