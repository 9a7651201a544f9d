-- Demo content is marked so it can be shown as such and removed in one go ([reviews.demo] in docs/product.md: fake
-- reviews mislead guests; the U.S. FTC's 2024 rule, 16 CFR Part 465, forbids them).

ALTER TABLE reviews ADD COLUMN is_demo INTEGER NOT NULL DEFAULT 0 CHECK (is_demo IN (0, 1));

-- Databases created before this migration were seeded with the six demo reviews unmarked (in
-- production too). They are recognised by guest name and reserved example.com address
-- (RFC 2606), which no real guest has.
UPDATE reviews SET is_demo = 1
WHERE (guest_name, email) IN (
  VALUES
    ('Sarah Mitchell', 'sarah.mitchell@example.com'),
    ('David Chen', 'david.chen@example.com'),
    ('Emily Rodriguez', 'emily.rodriguez@example.com'),
    ('Michael Thompson', 'michael.thompson@example.com'),
    ('Jessica Williams', 'jessica.williams@example.com'),
    ('Robert Johnson', 'robert.johnson@example.com')
);
