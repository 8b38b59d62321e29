-- Baskets belong to a browser (signed cookie) and later to a customer. Addresses are
-- stored as JSON objects with the spec's unprefixed field names.

CREATE TABLE baskets (
  id                              uuid PRIMARY KEY,
  status                          text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'ordered', 'merged')),
  email_address                   text,
  delivery_address                jsonb,
  billing_address                 jsonb,
  delivery_option_id              text REFERENCES delivery_options(id) ON DELETE SET NULL,
  delivery_safe_place             text,
  delivery_safe_place_option      text,
  delivery_safe_place_option_note text,
  voucher_code                    text,
  use_loyalty_points              boolean NOT NULL DEFAULT false,
  created_at                      timestamptz NOT NULL DEFAULT now(),
  updated_at                      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE basket_items (
  id              serial PRIMARY KEY,
  basket_id       uuid NOT NULL REFERENCES baskets(id) ON DELETE CASCADE,
  product_id      integer NOT NULL REFERENCES products(id),
  quantity        integer NOT NULL CHECK (quantity > 0),
  related_item_id integer REFERENCES basket_items(id) ON DELETE CASCADE,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX basket_items_basket_idx ON basket_items (basket_id);
