import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatCents, priceStay } from '@ridgeline/core';
import { getBookingInquiry, listBookingEvents, listOwnerNotices } from '@ridgeline/core/node';
import type { StripeStandIn } from '../test-support/stripe-stand-in.js';
import { CARD_GUEST as GUEST, startPaymentsTestApp, type PaymentsTestApp } from '../test-support/payments-test-app.js';
import { setTestPasswords, signedInAgent } from '../test-support/test-app.js';

/**
 * The rental agreement and disputes through the real API ([agreement.publish],
 * [agreement.checkout], [agreement.record], [stripe.dispute-closed], [dispute.evidence]): the app
 * on a temp SQLite, listening so the Stripe stand-in delivers its signed webhooks.
 */

const WEBHOOK_SECRET = 'whsec_agreement_test';
const NOW = new Date('2026-11-21T15:00:00Z');
const STAY = { checkin: '2026-12-10', checkout: '2026-12-12', guests: 2 };
const TOTAL = priceStay(STAY.checkin, STAY.checkout)!.totalCents;
const UA = 'Mozilla/5.0 (X11; Linux x86_64) RidgelineTest/1.0';

let stripe: StripeStandIn;
let t: PaymentsTestApp['t'];
let app: PaymentsTestApp;
let admin: Awaited<ReturnType<typeof signedInAgent>>;

beforeEach(async () => {
  app = await startPaymentsTestApp(WEBHOOK_SECRET, () => NOW, {}, { TRUST_PROXY: '1' });
  ({ t, stripe } = app);
  await setTestPasswords(t.db);
  admin = await signedInAgent(t.app);
});
afterEach(() => app.stop());

const publish = (text: string) => admin.put('/api/settings').send({ rentalAgreement: text });
const startCheckout = (bookingData: object) =>
  request(t.app)
    .post('/api/create-payment-intent')
    .set('X-Forwarded-For', '203.0.113.7')
    .set('User-Agent', UA)
    .send({ amount: TOTAL / 100, bookingData: { ...STAY, ...GUEST, ...bookingData } });
const holds = () => (t.db.prepare('SELECT count(*) AS n FROM holds').get() as { n: number }).n;

/** A paid checkout (the stand-in's payment_intent.succeeded webhook confirms it). */
async function paidBooking(bookingData: object = {}) {
  const intent = await startCheckout(bookingData).expect(200);
  await stripe.confirm(intent.body.paymentIntentId, 'pm_card_visa');
  const row = t.db.prepare('SELECT id FROM booking_inquiries WHERE stripe_payment_intent_id = ?').get(intent.body.paymentIntentId) as { id: number };
  return { id: row.id, paymentIntentId: intent.body.paymentIntentId as string };
}

describe('publishing the rental agreement', () => {
  it('answers no agreement by default, then each new text as the next version; published versions stay as they were', async () => {
    expect((await request(t.app).get('/api/rental-agreement').expect(200)).body).toEqual({ version: null, text: '', publishedAt: null });
    expect((await admin.get('/api/settings').expect(200)).body.rentalAgreement).toBe('');

    expect((await publish('  No parties.\nQuiet after 10 pm.  ').expect(200)).body.rentalAgreement).toBe('No parties.\nQuiet after 10 pm.');
    // The same text again is no new version; '' (the Settings form's other saves) keeps it.
    await publish('No parties.\nQuiet after 10 pm.').expect(200);
    await admin.put('/api/settings').send({ minNights: 2, rentalAgreement: '' }).expect(200);
    expect((await request(t.app).get('/api/rental-agreement').expect(200)).body).toEqual({ version: 1, text: 'No parties.\nQuiet after 10 pm.', publishedAt: NOW.toISOString() });

    await publish('No parties. No pets.').expect(200);
    expect((await request(t.app).get('/api/rental-agreement').expect(200)).body).toMatchObject({ version: 2, text: 'No parties. No pets.' });
    expect((await admin.get('/api/settings').expect(200)).body).toMatchObject({ rentalAgreement: 'No parties. No pets.', minNights: 2 });
    // Version 1 is still exactly what was published.
    expect((await request(t.app).get('/api/rental-agreement/1').expect(200)).body).toMatchObject({ version: 1, text: 'No parties.\nQuiet after 10 pm.' });
    expect((await admin.get('/api/rental-agreements').expect(200)).body.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    await request(t.app).get('/api/rental-agreement/3').expect(404);
    expect((await request(t.app).get('/api/rental-agreement/abc').expect(400)).body.field).toBe('version');
    await request(t.app).get('/api/rental-agreements').expect(401);
    // The database itself refuses to edit or delete a published version.
    expect(() => t.db.prepare("UPDATE rental_agreements SET text = 'changed' WHERE version = 1").run()).toThrow(/never edited/);
    expect(() => t.db.prepare('DELETE FROM rental_agreements WHERE version = 1').run()).toThrow(/never deleted/);
  });

  it('refuses a bad text with a 400 naming rentalAgreement, publishing nothing', async () => {
    const res = await publish('a\u0000b').expect(400);
    expect(res.body.field).toBe('rentalAgreement');
    expect((await request(t.app).get('/api/rental-agreement').expect(200)).body.version).toBeNull();
  });
});

describe('POST /api/create-payment-intent with a published agreement', () => {
  beforeEach(async () => {
    await publish('Version one rules').expect(200);
    await publish('Version two rules').expect(200);
  });

  it.each([
    ['no agreement', {}],
    ['an older version', { agreement: { version: 1, signedName: 'Ann Lee' } }],
    ['a blank name', { agreement: { version: 2, signedName: '   ' } }],
  ])('answers 400 naming bookingData.agreement for %s, holding nothing', async (_label, bookingData) => {
    const res = await startCheckout(bookingData).expect(400);
    expect(res.body).toMatchObject({ field: 'bookingData.agreement', reason: 'agreement', error: expect.stringContaining('agreement') });
    expect(holds()).toBe(0);
    expect(stripe.requests.filter((r) => r.path === '/v1/payment_intents')).toHaveLength(0);
  });

  it('stores the version, the typed name, the time, the IP and the user agent on the confirmed booking', async () => {
    const booking = await paidBooking({ agreement: { version: 2, signedName: '  Ann B. Lee ' } });
    expect(getBookingInquiry(t.db, booking.id)?.agreement).toEqual({
      version: 2,
      signedName: 'Ann B. Lee',
      signedAt: NOW.toISOString(),
      ipAddress: '203.0.113.7',
      userAgent: UA,
    });
    // The owner sees it in the Bookings tab.
    const listed = (await admin.get('/api/booking-inquiries').expect(200)).body.find((b: { id: number }) => b.id === booking.id);
    expect(listed.agreement).toMatchObject({ version: 2, signedName: 'Ann B. Lee', ipAddress: '203.0.113.7' });
  });
});

describe('without a published agreement', () => {
  it('the checkout needs none and the booking has none', async () => {
    const booking = await paidBooking();
    expect(getBookingInquiry(t.db, booking.id)?.agreement).toBeNull();
  });
});

describe('charge.dispute.closed', () => {
  it("records the outcome on the booking, its timeline, and tells the owner once per dispute and status", async () => {
    const booking = await paidBooking();
    const dispute = await stripe.dispute(booking.paymentIntentId, 'product_not_received');
    expect(dispute).toMatchObject({ object: 'dispute', charge: expect.stringMatching(/^ch_/), payment_intent: booking.paymentIntentId, amount: TOTAL, status: 'needs_response' });
    await stripe.closeDispute(dispute.id, 'lost');
    // Stripe may deliver an event twice (new event ids are new deliveries of the same outcome).
    await stripe.closeDispute(dispute.id, 'lost');
    expect(getBookingInquiry(t.db, booking.id)?.disputeStatus).toBe('lost');
    expect(listBookingEvents(t.db, booking.id).filter((e) => e.kind === 'dispute-closed')).toMatchObject([{ detail: expect.stringContaining('lost') }]);
    const notices = listOwnerNotices(t.db).filter((n) => n.kind === 'dispute');
    expect(notices.map((n) => n.subject).sort()).toEqual([expect.stringContaining('Dispute lost'), expect.stringContaining('Dispute opened')]);
  });
});

/** The text a PDF shows: pdfkit writes each line as hex strings inside `[...] TJ` (uncompressed). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  return [...raw.matchAll(/\[([^\]]*)\]\s*TJ/g)]
    .map((m) => [...(m[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1] ?? '', 'hex').toString('latin1')).join(''))
    .join('\n');
}

describe('GET /api/bookings/:id/evidence', () => {
  it('downloads a PDF with the booking, the agreement accepted (name, time, IP), the payment and the check-in date', async () => {
    await publish('Quiet hours after 10 pm.').expect(200);
    const booking = await paidBooking({ agreement: { version: 1, signedName: 'Ann Signed Lee' } });
    const dispute = await stripe.dispute(booking.paymentIntentId);
    const res = await admin
      .get(`/api/bookings/${booking.id}/evidence`)
      .buffer(true)
      .parse((r, done) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => done(null, Buffer.concat(chunks)));
      })
      .expect(200);
    expect(res.headers['content-type']).toMatch(/^application\/pdf/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="evidence-booking-${booking.id}.pdf"`);
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Ann Lee');
    expect(text).toContain('Ann Signed Lee');
    expect(text).toContain('203.0.113.7');
    expect(text).toContain(UA);
    expect(text).toContain('2026-12-10');
    expect(text).toContain('Quiet hours after 10 pm.');
    expect(text).toContain(booking.paymentIntentId);
    // The money ledger ([money.ledger]): each entry with its Stripe object, then the sums.
    expect(text).toContain('Money ledger');
    const paid = getBookingInquiry(t.db, booking.id)!.amountPaidCents;
    // Long lines wrap: read the pack as one run of words.
    const flat = text.replace(/\s*\n\s*/g, ' ');
    expect(flat).toContain(`Card payment ${formatCents(paid)} ${booking.paymentIntentId}, balance ${formatCents(paid)}`);
    expect(flat).toContain(`Dispute opened ${formatCents(dispute.amount)} ${dispute.id} of ${booking.paymentIntentId}, balance ${formatCents(paid)}`);
    expect(flat).toContain(`Held by disputes: ${formatCents(dispute.amount)}`);
    expect(flat).toContain(`Kept (payout): ${formatCents(paid - dispute.amount)}`);
  });

  it('is admin only, 404 for an unknown booking', async () => {
    await request(t.app).get('/api/bookings/1/evidence').expect(401);
    await admin.get('/api/bookings/999/evidence').expect(404);
  });
});
