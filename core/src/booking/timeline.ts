/**
 * A booking's history ([booking.timeline]): what happened to it and when, shown in its detail.
 * Browser-safe: the kinds and their labels; `core/src/node/booking/booking-events-store.ts`
 * stores them.
 */

/** Everything a timeline can say, in the order a booking's life usually runs. */
export const BOOKING_EVENT_KINDS = [
  'created',
  'payment-link-sent',
  'paid',
  'payment-failed',
  'confirmation-emailed',
  'cleaning-scheduled',
  'cleaning-cancelled',
  'refunded',
  'refund-failed',
  'cancelled',
  'cancellation-emailed',
  'dispute-opened',
  'dispute-closed',
  'review-requested',
  'review-received',
  'owner-notified',
  'deposit-held',
  'deposit-declined',
  'deposit-released',
  'deposit-claimed',
  'offline-payment',
  'offline-refund',
  'late-payment-refunded',
  'changed',
  'change-emailed',
  'request-accepted',
  'request-declined',
  'message-sent',
  'message-failed',
  'secrets-released',
  'door-code-set',
  'door-code-removed',
  'door-code-failed',
] as const;
export type BookingEventKind = (typeof BOOKING_EVENT_KINDS)[number];

/** One line of a timeline. */
export interface BookingEvent {
  id: number;
  bookingId: number;
  kind: BookingEventKind;
  /** A short sentence for the owner, e.g. "Refunded $250.00 (owner: guest asked)". */
  detail: string;
  /** ISO 8601 UTC */
  at: string;
}

/**
 * The owner's word for each kind. The e-mail kinds say what the e-mail was, not that it went out:
 * their line's detail says what became of it ([notices.honest]: "Sent to …", "Not sent: e-mail is
 * not set up"). "Confirmation e-mailed" is recorded only when the mailer accepted it.
 */
export const BOOKING_EVENT_LABELS: Readonly<Record<BookingEventKind, string>> = {
  created: 'Created',
  'payment-link-sent': 'Payment link',
  paid: 'Paid',
  'payment-failed': 'Payment failed',
  'offline-payment': 'Paid offline',
  'offline-refund': 'Refunded offline',
  'late-payment-refunded': 'Late payment refunded',
  'confirmation-emailed': 'Confirmation e-mailed',
  'cleaning-scheduled': 'Cleaning scheduled',
  'cleaning-cancelled': 'Cleaning cancelled',
  refunded: 'Refunded',
  'refund-failed': 'Refund failed',
  cancelled: 'Cancelled',
  'cancellation-emailed': 'Cancellation e-mail',
  'dispute-opened': 'Dispute opened',
  'dispute-closed': 'Dispute closed',
  'review-requested': 'Review requested',
  'review-received': 'Review received',
  'owner-notified': 'Owner notified',
  'deposit-held': 'Damage deposit held',
  'deposit-declined': 'Damage deposit declined',
  'deposit-released': 'Damage deposit released',
  'deposit-claimed': 'Damage deposit claimed',
  changed: 'Changed',
  'change-emailed': 'Change e-mail',
  'request-accepted': 'Request accepted',
  'request-declined': 'Request declined',
  'message-sent': 'Message e-mailed',
  'message-failed': 'Message not sent',
  'secrets-released': 'Access details released',
  'door-code-set': 'Door code set on the lock',
  'door-code-removed': 'Door code removed from the lock',
  'door-code-failed': 'Door code not set',
};
