-- Every booking has its guest-page token ([guest.page]): 0012 set it on the rows of that time and
-- the store sets it on new ones; this gives one to a row inserted any other way (an import, a
-- tool, a test writing SQL), so no booking is ever without a token.
CREATE TRIGGER booking_inquiries_guest_token AFTER INSERT ON booking_inquiries
WHEN NEW.guest_token IS NULL
BEGIN
  UPDATE booking_inquiries SET guest_token = lower(hex(randomblob(24))) WHERE id = NEW.id;
END;
