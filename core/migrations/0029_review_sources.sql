-- Reviews you can stand behind (issue 26 §5; [reviews.source], [reviews.hidden-reason] in docs/product.md).
-- source: where the review comes from. 'direct' is a verified stay here (left from the stay's review link),
-- 'airbnb', 'vrbo', 'booking' and 'guestbook' one the owner copies in, 'demo' the shipped demo reviews.
-- The stay month is not stored: it is the month of stay_date, which every row has.
ALTER TABLE reviews ADD COLUMN source TEXT NOT NULL DEFAULT 'guestbook'
  CHECK (source IN ('direct', 'airbnb', 'vrbo', 'booking', 'guestbook', 'demo'));
-- Why the owner took a published review off the home page; NULL while published or never published.
ALTER TABLE reviews ADD COLUMN hidden_reason TEXT
  CHECK (hidden_reason IS NULL OR hidden_reason IN ('personal_data', 'profanity', 'off_topic', 'other'));

-- Existing rows: the seeded demo reviews are 'demo', the guests' own (tied to a booking) 'direct', and the
-- owner's own entries keep the default 'guestbook' (nothing says which platform they came from).
UPDATE reviews SET source = 'demo' WHERE is_demo = 1;
UPDATE reviews SET source = 'direct' WHERE booking_id IS NOT NULL AND is_demo = 0;
-- A review unpublished before reasons existed gets none: nobody gave one. Published rows have none either.
