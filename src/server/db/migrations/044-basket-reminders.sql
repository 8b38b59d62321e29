-- Abandoned-basket reminders (issue 23, ADR 077). Opt-in only (UK PECR: a reminder
-- is marketing-like email, so it needs the customer's consent): off by default, and when
-- it was switched on is kept as the record of consent. A basket is reminded about at most
-- once: reminded_at is set by the same statement that claims the reminder.
ALTER TABLE users
  ADD COLUMN basket_reminders boolean NOT NULL DEFAULT false,
  ADD COLUMN basket_reminders_at timestamptz;

ALTER TABLE baskets ADD COLUMN reminded_at timestamptz;
