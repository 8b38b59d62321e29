-- Delivery zones, the rules that place an address in a zone, and the options each
-- zone offers; vouchers and promotions.

CREATE TABLE delivery_zones (
  id         text PRIMARY KEY,
  name       text NOT NULL,
  -- Deliveries to this zone leave the UK VAT area: the basket is charged without VAT.
  tax_exempt boolean NOT NULL DEFAULT false
);

-- The most specific matching rule wins (highest priority). postcode_pattern is a
-- regular expression matched against the normalised postcode (upper case, no spaces);
-- NULL matches any postcode of the country.
CREATE TABLE delivery_zone_rules (
  id               serial PRIMARY KEY,
  zone_id          text NOT NULL REFERENCES delivery_zones(id) ON DELETE CASCADE,
  country_code     text NOT NULL,
  postcode_pattern text,
  priority         integer NOT NULL DEFAULT 0
);
CREATE INDEX delivery_zone_rules_country_idx ON delivery_zone_rules (country_code);

CREATE TABLE delivery_options (
  id             text PRIMARY KEY,
  zone_id        text NOT NULL REFERENCES delivery_zones(id) ON DELETE CASCADE,
  name           text NOT NULL,
  description    text NOT NULL DEFAULT '',
  price          integer NOT NULL CHECK (price >= 0),
  -- Free when the items total (after item discounts) reaches this many pence.
  free_over      integer,
  tax_rate_bp    integer NOT NULL DEFAULT 2000,
  position       integer NOT NULL DEFAULT 0,
  active         boolean NOT NULL DEFAULT true
);

CREATE TABLE vouchers (
  code        text PRIMARY KEY,
  description text NOT NULL,
  -- percent_items: value % off items; fixed_items: value pence off items;
  -- free_delivery: delivery costs nothing; percent_order: value % off items and delivery.
  kind        text NOT NULL CHECK (kind IN ('percent_items', 'fixed_items', 'free_delivery', 'percent_order')),
  value       integer NOT NULL DEFAULT 0 CHECK (value >= 0),
  min_spend   integer NOT NULL DEFAULT 0,
  starts_at   timestamptz,
  expires_at  timestamptz,
  active      boolean NOT NULL DEFAULT true
);

CREATE TABLE promotions (
  id              serial PRIMARY KEY,
  name            text NOT NULL,
  kind            text NOT NULL CHECK (kind IN ('free_gift')),
  threshold       integer NOT NULL CHECK (threshold >= 0),
  gift_product_id integer NOT NULL REFERENCES products(id),
  badge           text NOT NULL,
  starts_at       timestamptz,
  ends_at         timestamptz,
  active          boolean NOT NULL DEFAULT true
);
