-- One balance attempt at a time per booking ([money.balance-attempt] in docs/product.md): the
-- automatic off-session charge, the guest paying on their stay page and a cancellation each hold
-- the booking's balance lease while they work. It lives in the database, so it outlives a restart
-- and is shared by every process on the file.
-- Who holds it: a random id per holder (never a row id), released only by that holder.
ALTER TABLE booking_inquiries ADD COLUMN balance_lease_owner TEXT;
-- What holds it: the automatic charge, the stay page, or a cancel.
ALTER TABLE booking_inquiries ADD COLUMN balance_lease_kind TEXT CHECK (balance_lease_kind IN ('automatic', 'page', 'cancel'));
-- ISO 8601 UTC: past it the holder is presumed gone (a crash) and another may take the lease.
ALTER TABLE booking_inquiries ADD COLUMN balance_lease_until TEXT;
