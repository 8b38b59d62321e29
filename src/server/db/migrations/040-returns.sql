-- Returns (issue 23, ADR 070): a customer starts a return for dispatched lines within the
-- window the Consumer Contracts Regulations give; staff mark it received, then refund it
-- (a refund of ADR 051, linked here) or refuse it with a reason.

-- The rules as data: one row. `window_days` counts from the day the goods are deemed
-- delivered (ADR 070: the dispatch day plus the delivery option's longest working days);
-- `send_back_days` and `refund_days` are what the emails promise.
CREATE TABLE return_settings (
  id             boolean PRIMARY KEY DEFAULT true CHECK (id),
  window_days    integer NOT NULL DEFAULT 14 CHECK (window_days BETWEEN 0 AND 365),
  send_back_days integer NOT NULL DEFAULT 14 CHECK (send_back_days BETWEEN 0 AND 365),
  refund_days    integer NOT NULL DEFAULT 14 CHECK (refund_days BETWEEN 0 AND 365),
  -- Where the parcel goes: one line per address line.
  address        text NOT NULL DEFAULT 'Everbloom Returns
Unit 4, Meadow Lane
Bristol
BS1 4AA'
);
INSERT INTO return_settings DEFAULT VALUES;

-- The reasons a customer chooses from, in order.
CREATE TABLE return_reasons (
  code     text PRIMARY KEY CHECK (code ~ '^[a-z_]{1,40}$'),
  label    text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  active   boolean NOT NULL DEFAULT true
);
INSERT INTO return_reasons (code, label, position) VALUES
  ('changed_mind', 'I changed my mind', 1),
  ('damaged', 'It arrived damaged', 2),
  ('faulty', 'It is faulty', 3),
  ('wrong_item', 'I was sent the wrong item', 4),
  ('not_as_described', 'It is not as described', 5),
  ('other', 'Another reason', 6);

-- Units of each line in returns that were not refused. A return is a conditional UPDATE
-- of this count (`returned + n <= dispatched`), under the order row's lock; the CHECK
-- refuses the rest whatever the code does.
ALTER TABLE order_items
  ADD COLUMN returned integer NOT NULL DEFAULT 0 CHECK (returned >= 0 AND returned <= quantity);

-- Return numbers, R-000001 on: gaps are harmless (a return is not an accounting document).
CREATE SEQUENCE return_number_seq;

CREATE TABLE returns (
  id              serial PRIMARY KEY,
  return_number   text NOT NULL UNIQUE
                  DEFAULT ('R-' || lpad(nextval('return_number_seq')::text, 6, '0')),
  order_id        integer NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  status          text NOT NULL DEFAULT 'requested'
                  CHECK (status IN ('requested', 'received', 'refunded', 'refused')),
  reason_code     text NOT NULL REFERENCES return_reasons(code),
  -- The reason as the customer chose it (the list may change later).
  reason_label    text NOT NULL,
  refusal_reason  text,
  -- The refund paying it (ADR 051). Set when the refund is reserved; a refund the gateway
  -- refused is deleted, and with it this link.
  refund_id       integer UNIQUE REFERENCES refunds(id) ON DELETE SET NULL,
  user_id         integer REFERENCES users(id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  received_at     timestamptz,
  closed_at       timestamptz,
  updated_at      timestamptz NOT NULL DEFAULT now(),
  CHECK ((status = 'refused') = (refusal_reason IS NOT NULL)),
  CHECK (status NOT IN ('received', 'refunded') OR received_at IS NOT NULL),
  CHECK ((status = 'refunded') <= (refund_id IS NOT NULL))
);
-- The back office's list: by status, newest first (keyset on id).
CREATE INDEX returns_status_idx ON returns (status, id DESC);
CREATE INDEX returns_order_idx ON returns (order_id, id);

CREATE TABLE return_items (
  return_id     integer NOT NULL REFERENCES returns(id) ON DELETE CASCADE,
  order_item_id integer NOT NULL REFERENCES order_items(id) ON DELETE CASCADE,
  quantity      integer NOT NULL CHECK (quantity > 0),
  PRIMARY KEY (return_id, order_item_id)
);
