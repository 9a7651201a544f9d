-- The rental agreement and house rules the owner publishes ([agreement.publish]): each published
-- text is a version (1, 2, …) kept as it was published, never edited nor deleted (the triggers
-- refuse both), so a booking can always show the exact text its guest agreed to.
CREATE TABLE rental_agreements (
  version INTEGER PRIMARY KEY,
  text TEXT NOT NULL,
  published_at TEXT NOT NULL
);
CREATE TRIGGER rental_agreements_never_edited BEFORE UPDATE ON rental_agreements
BEGIN
  SELECT RAISE(ABORT, 'a published rental agreement is never edited; publish a new version');
END;
CREATE TRIGGER rental_agreements_never_deleted BEFORE DELETE ON rental_agreements
BEGIN
  SELECT RAISE(ABORT, 'a published rental agreement is never deleted');
END;

-- What the guest agreed to at the checkout ([agreement.record]): the version, the name they
-- typed, when (ISO 8601 UTC), from which address and with which browser (User-Agent). Null on
-- bookings made without an agreement.
ALTER TABLE booking_inquiries ADD COLUMN agreement_version INTEGER REFERENCES rental_agreements (version);
ALTER TABLE booking_inquiries ADD COLUMN agreement_signed_name TEXT;
ALTER TABLE booking_inquiries ADD COLUMN agreement_signed_at TEXT;
ALTER TABLE booking_inquiries ADD COLUMN agreement_ip TEXT;
ALTER TABLE booking_inquiries ADD COLUMN agreement_user_agent TEXT;
