-- A night's own price is optional ([availability.own-price] in docs/product.md): NULL means the
-- night has no own price and is priced by its season, the weekend rate or the base rate
-- ([pricing.nightly]). Opening, closing or blocking nights never writes a price, so a weekend or
-- season rate is no longer frozen into a night the owner only blocked and reopened. SQLite
-- cannot drop NOT NULL in place: the table is rebuilt with its rows as they were (the prices
-- already stored stay own prices; "Reset to default price" clears them).
CREATE TABLE availability_new (
  date         TEXT PRIMARY KEY CHECK (date GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'),
  price_cents  INTEGER CHECK (price_cents IS NULL OR price_cents >= 0),
  is_available INTEGER NOT NULL CHECK (is_available IN (0, 1)),
  is_blocked   INTEGER NOT NULL CHECK (is_blocked IN (0, 1)),
  updated_at   TEXT NOT NULL
);
INSERT INTO availability_new (date, price_cents, is_available, is_blocked, updated_at)
SELECT date, price_cents, is_available, is_blocked, updated_at FROM availability;
DROP TABLE availability;
ALTER TABLE availability_new RENAME TO availability;
