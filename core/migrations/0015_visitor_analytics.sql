-- Where guests come from ([analytics.visitors], [analytics.funnel]): each recorded event gets its
-- kind (a page view or a funnel step), the property day it happened on, and a visitor hash made
-- with that day's random salt (never the IP address itself). Views recorded before keep no hash
-- and take their UTC date as their day.
ALTER TABLE page_views ADD COLUMN kind TEXT NOT NULL DEFAULT 'pageview'
  CHECK (kind IN ('pageview', 'booking-seen', 'checkout-started'));
ALTER TABLE page_views ADD COLUMN day TEXT NOT NULL DEFAULT '';
ALTER TABLE page_views ADD COLUMN visitor_hash TEXT;
UPDATE page_views SET day = substr(created_at, 1, 10);
CREATE INDEX page_views_day ON page_views (day, kind);

-- The salt of the current day only: replaced on the first event of a new day, older ones deleted,
-- so no hash can be recomputed or linked across days.
CREATE TABLE analytics_salts (
  day  TEXT PRIMARY KEY,
  salt TEXT NOT NULL
);
