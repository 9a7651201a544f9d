-- Changing a booking's dates or guests ([booking.change], [booking.change-money] in
-- docs/product.md): one row per saved change, written in the same transaction that moves the
-- booking's nights (the booking row's own checkin/checkout: the old nights are released and the
-- new taken at once). The money of the difference is settled after the save; its Stripe calls
-- carry Idempotency-Keys derived from the booking id and this row's id
-- (`ridgeline-change-<booking>-<change>`), so a retry after a lost answer never charges or
-- refunds twice.
CREATE TABLE booking_changes (
  id INTEGER PRIMARY KEY,
  booking_id INTEGER NOT NULL REFERENCES booking_inquiries (id),
  created_at TEXT NOT NULL,
  old_checkin TEXT NOT NULL,
  old_checkout TEXT NOT NULL,
  old_guests INTEGER NOT NULL,
  new_checkin TEXT NOT NULL,
  new_checkout TEXT NOT NULL,
  new_guests INTEGER NOT NULL,
  -- cents: the stay's total before and after, and what the change leaves to settle (new total
  -- less the stay's net payments; > 0 owed by the guest, < 0 owed to the guest)
  old_total_cents INTEGER NOT NULL,
  new_total_cents INTEGER NOT NULL,
  difference_cents INTEGER NOT NULL,
  settle TEXT NOT NULL CHECK (settle IN ('payment_link', 'off_session', 'offline', 'refund', 'credit', 'balance', 'none')),
  -- open: a Stripe call is to be made or its answer is unknown (the next change or cancel of the
  -- booking asks again with the same keys); settled; failed: Stripe refused (nothing moved by it)
  status TEXT NOT NULL CHECK (status IN ('open', 'settled', 'failed')),
  -- the refund's parts planned at the save ([money.refund-plan]): [{ paymentIntentId, amountCents,
  -- status, stripeRefundId, error }]; the offline part: { amountCents, method }
  parts_json TEXT NOT NULL DEFAULT '[]',
  offline_refund_json TEXT,
  -- the off-session charge's PaymentIntent once Stripe answered it
  payment_intent_id TEXT,
  message TEXT NOT NULL DEFAULT '',
  updated_at TEXT NOT NULL
);
CREATE INDEX booking_changes_booking ON booking_changes (booking_id, id);
