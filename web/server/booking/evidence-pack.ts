import PDFDocument from 'pdfkit';
import {
  BOOKING_EVENT_LABELS,
  LEDGER_KIND_LABELS,
  OFFLINE_METHOD_LABELS,
  PROPERTY,
  withRunningBalance,
  formatCents,
  paymentStatusLabel,
  type BookingEvent,
  type Booking,
  type BookingRefund,
  type LedgerEntry,
  type LedgerSummary,
  type RentalAgreement,
} from '@ridgeline/core';
import { getBookingInquiry, getOwnerSettings, getRentalAgreement, ledgerSummary, listBookingEvents, listBookingRefunds, listLedgerEntries } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/** Timeline kinds that are e-mails sent to the guest ([dispute.evidence]). */
const EMAIL_KINDS = new Set<BookingEvent['kind']>(['confirmation-emailed', 'payment-link-sent', 'cancellation-emailed', 'review-requested']);

/** What an evidence pack shows ([dispute.evidence]); gathered by `evidencePackFor`. */
export interface EvidencePack {
  booking: Booking;
  refunds: BookingRefund[];
  /** The booking's money ledger, oldest first, with the running balance after each entry ([money.ledger]). */
  ledger: (LedgerEntry & { balanceCents: number })[];
  /** Its sums: paid, refunded, disputed, payout ([money.ledger], [money.payout]). */
  money: LedgerSummary;
  /** The exact text the guest agreed to, when they agreed to one. */
  agreementText: RentalAgreement | undefined;
  timeline: BookingEvent[];
  /** HH:MM, the check-in time of the stay's terms (else today's settings). */
  checkInTime: string;
  /** ISO 8601 UTC: when the pack was made. */
  generatedAt: string;
}

/**
 * The facts of a booking for a dispute's evidence ([dispute.evidence]), read from the database;
 * undefined for an unknown booking id.
 */
export function evidencePackFor(deps: AppDeps, bookingId: number): EvidencePack | undefined {
  const booking = getBookingInquiry(deps.db, bookingId);
  if (!booking) return undefined;
  return {
    booking,
    refunds: listBookingRefunds(deps.db, bookingId),
    ledger: withRunningBalance(listLedgerEntries(deps.db, bookingId)),
    money: ledgerSummary(deps.db, bookingId),
    agreementText: booking.agreement ? getRentalAgreement(deps.db, booking.agreement.version) : undefined,
    timeline: listBookingEvents(deps.db, bookingId),
    checkInTime: booking.quote?.terms?.checkInTime ?? getOwnerSettings(deps.db).checkInTime,
    generatedAt: (deps.now?.() ?? new Date()).toISOString(),
  };
}

/**
 * The evidence pack as a PDF (pdfkit, standard Helvetica, uncompressed so its text can be read
 * back, [dispute.evidence]): the booking and the guest, the check-in date and time, the quote's
 * lines, the payment and refunds, the money ledger (every entry with its Stripe object and the
 * running balance, then paid, refunded, disputed and kept), the agreement accepted (version, typed name, time, IP, user
 * agent and its full text), the e-mails sent with their times and the whole timeline.
 * @returns the PDF's bytes (starting `%PDF-`)
 */
export function renderEvidencePack(pack: EvidencePack): Promise<Buffer> {
  const { booking } = pack;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 54,
    compress: false,
    info: { Title: `Evidence for booking ${booking.id}`, Author: PROPERTY.name, Subject: 'Dispute evidence' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const heading = (text: string) => doc.moveDown(0.8).font('Helvetica-Bold').fontSize(13).text(text).moveDown(0.2).font('Helvetica').fontSize(10);
  const line = (label: string, value: string) => doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value || '-');

  doc.font('Helvetica-Bold').fontSize(18).text(`${PROPERTY.name}: evidence for booking ${booking.id}`);
  doc.font('Helvetica').fontSize(9).text(`Generated ${pack.generatedAt}`).fontSize(10);

  heading('Booking');
  line('Guest', `${booking.firstName} ${booking.lastName}`.trim());
  line('E-mail', booking.email);
  line('Phone', booking.phone);
  line('Check-in', `${booking.checkin} from ${pack.checkInTime}`);
  line('Check-out', booking.checkout);
  line('Guests', String(booking.guests));
  line('Booked at', booking.createdAt);
  line('Booked from IP', booking.ipAddress);
  line('Status', `${booking.status}, payment ${paymentStatusLabel(booking.paymentStatus)}`);
  if (booking.disputeStatus) line('Dispute status', booking.disputeStatus.replace(/_/g, ' '));
  if (booking.cancelledAt) line('Cancelled', `${booking.cancelledAt} by the ${booking.cancelledBy ?? 'owner'}${booking.cancelReason ? `: ${booking.cancelReason}` : ''}`);

  heading('Price (quote at booking)');
  const quote = booking.quote;
  if (!quote) doc.text('No quote was stored with this booking.');
  else {
    for (const night of quote.nightly) line(`Night of ${night.date}`, formatCents(night.priceCents));
    for (const d of quote.discounts ?? []) line(d.name, `-${formatCents(d.cents)}`);
    for (const f of quote.fees ?? []) line(f.name, formatCents(f.cents));
    if (!quote.fees) {
      line('Cleaning fee', formatCents(quote.cleaningFeeCents));
      line('Service fee', formatCents(quote.serviceFeeCents));
    }
    for (const t of quote.taxes ?? []) line(t.name, formatCents(t.cents));
    line('Card fee', formatCents(quote.cardFeeCents));
    line('Total', formatCents(quote.totalCents));
  }

  heading('Payments and refunds');
  line('Paid', formatCents(booking.amountPaidCents));
  line('Stripe PaymentIntent', booking.stripePaymentIntentId ?? '');
  const card = booking.stripePaymentDetails?.paymentMethod?.card;
  if (card) line('Card', `${card.brand ?? ''} ending ${card.last4 ?? ''}`.trim());
  line('Refunded', formatCents(booking.refundedCents));
  for (const r of pack.refunds) line(`Refund ${r.createdAt}`, `${formatCents(r.amountCents)} (${r.status}, by ${r.source}${r.reason ? `: ${r.reason}` : ''})${r.stripeRefundId ? ` ${r.stripeRefundId}` : ''}`);

  heading('Money ledger');
  if (pack.ledger.length === 0) doc.text('No money has moved on this booking.');
  for (const e of pack.ledger) {
    const what = e.method === 'card' ? LEDGER_KIND_LABELS[e.kind] : `${LEDGER_KIND_LABELS[e.kind]} (${OFFLINE_METHOD_LABELS[e.method]})`;
    const object = e.stripeObjectId ? ` ${e.stripeObjectId}` : '';
    const intent = e.paymentIntentId && e.paymentIntentId !== e.stripeObjectId ? ` of ${e.paymentIntentId}` : '';
    line(e.at, `${what} ${formatCents(e.amountCents)}${object}${intent}, balance ${formatCents(e.balanceCents)}${e.note ? `: ${e.note}` : ''}`);
  }
  line('Total paid', formatCents(pack.money.paidCents));
  line('Total refunded', formatCents(pack.money.refundedCents));
  line('Held by disputes', formatCents(pack.money.disputedCents));
  line('Kept (payout)', formatCents(pack.money.payoutCents));

  heading('Rental agreement accepted');
  const agreement = booking.agreement;
  if (!agreement) doc.text('No rental agreement was accepted with this booking.');
  else {
    line('Version', String(agreement.version));
    line('Name typed by the guest', agreement.signedName);
    line('Accepted at', agreement.signedAt);
    line('From IP', agreement.ipAddress);
    line('Browser (user agent)', agreement.userAgent);
  }

  heading('E-mails sent to the guest');
  const emails = pack.timeline.filter((e) => EMAIL_KINDS.has(e.kind));
  if (emails.length === 0) doc.text('None recorded.');
  for (const e of emails) line(e.at, `${BOOKING_EVENT_LABELS[e.kind]}${e.detail ? `: ${e.detail}` : ''}`);

  heading('Timeline');
  if (pack.timeline.length === 0) doc.text('No events recorded.');
  for (const e of pack.timeline) line(e.at, `${BOOKING_EVENT_LABELS[e.kind]}${e.detail ? `: ${e.detail}` : ''}`);

  if (agreement && pack.agreementText) {
    doc.addPage();
    doc.font('Helvetica-Bold').fontSize(13).text(`Rental agreement, version ${pack.agreementText.version} (published ${pack.agreementText.publishedAt})`);
    doc.moveDown(0.4).font('Helvetica').fontSize(10).text(pack.agreementText.text);
  }
  doc.end();
  return done;
}
