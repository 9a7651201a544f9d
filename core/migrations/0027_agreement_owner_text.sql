-- [compliance.numbers]: a published rental agreement ends with the county's certificate and
-- registration numbers, so `text` (what the guest agrees to, never edited) holds them. What the
-- owner wrote is kept apart in `owner_text`, so the Settings form edits the owner's words and a
-- change of the numbers publishes the same words with the new numbers as the next version.
-- Null on versions published before: their `text` is the owner's words as they are.
ALTER TABLE rental_agreements ADD COLUMN owner_text TEXT;
