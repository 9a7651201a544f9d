import { describe, expect, it } from 'vitest';
import { quoteStayWith, type PriceBreakdown } from '../../pricing/pricing.js';
import { settingsSchema } from '../../settings/schema.js';
import {
  bookingChangeEmail,
  changedQuote,
  changeIdempotencyKey,
  changeOptions,
  createBookingChanges,
  REFUSED_WHAT_NOW,
  refusedRefundCents,
  type BookingChange,
  type BookingChangeStore,
  type SaveChangeInput,
} from './booking-change.js';
import type { Booking } from '../bookings.js';
import { summarizeLedger, type LedgerEntry, type NewLedgerEntry } from '../ledger.js';
import { PaymentProviderError, type PaymentGateway, type PaymentIntentView } from '../payment-gateway.js';
import { testBooking } from '../testing/test-bookings.js';

/** The change service ([booking.change], [booking.change-money]) over an in-memory store and a fake Stripe. */

const settings = settingsSchema.parse({});
const NOW = new Date('2026-11-21T15:00:00Z');
const priceOf = (checkin: string, checkout: string, guests: number) => quoteStayWith(settings, { checkin, checkout, guests }, () => undefined) as PriceBreakdown;

function booking(over: Partial<Booking> = {}): Booking {
  const quote = priceOf('2027-01-20', '2027-01-23', 2);
  return testBooking({
    id: 7,
    checkin: '2027-01-20',
    checkout: '2027-01-23',
    createdAt: '2026-11-01T00:00:00Z',
    stripePaymentIntentId: 'pi_stay',
    quote,
    amountPaidCents: quote.totalCents,
    stripeCustomerId: 'cus_1',
    stripePaymentMethodId: 'pm_1',
    ...over,
  });
}

function memoryStore(b: Booking, entries: Omit<LedgerEntry, 'id' | 'bookingId' | 'at' | 'source' | 'method' | 'note' | 'stripeObjectId'>[], taken: string[] = []) {
  const ledger: NewLedgerEntry[] = entries.map((e) => ({ ...e, at: NOW.toISOString(), source: 'stripe' as const }));
  const changes: BookingChange[] = [];
  const events: string[] = [];
  let current = b;
  const store: BookingChangeStore = {
    getBooking: (id) => (id === current.id ? current : undefined),
    ledger: () => summarizeLedger(ledger.map((e) => ({ kind: e.kind, amountCents: e.amountCents, paymentIntentId: e.paymentIntentId ?? null }))),
    settings: () => settings,
    quoteStay: (checkin, checkout, guests) => priceOf(checkin, checkout, guests),
    closedNights: (checkin, checkout) => taken.filter((d) => d >= checkin && d < checkout),
    saveChange(input: SaveChangeInput) {
      const closedDates = taken.filter((d) => d >= input.to.checkin && d < input.to.checkout);
      if (closedDates.length) return { ok: false, reason: 'closed', closedDates };
      current = { ...current, ...input.to, quote: input.quote };
      const { timeline: _timeline, resetPaymentLink: _reset, quote: _quote, ...saved } = input;
      const change: BookingChange = { ...saved, id: changes.length + 1, createdAt: NOW.toISOString(), paymentIntentId: null, message: '' };
      changes.push(change);
      events.push(`changed ${input.timeline}`);
      return { ok: true, change, booking: current };
    },
    openChange: () => changes.find((c) => c.status === 'open'),
    getChange: (id) => changes.find((c) => c.id === id),
    lastChange: () => changes.at(-1),
    updateChange(id, patch) {
      const i = changes.findIndex((c) => c.id === id);
      changes[i] = { ...changes[i]!, ...patch };
      return changes[i]!;
    },
    recordMoney(_id, entry) {
      if (ledger.some((e) => e.kind === entry.kind && e.stripeObjectId && e.stripeObjectId === entry.stripeObjectId)) return { created: false };
      ledger.push(entry);
      return { created: true };
    },
    recordEvent: (_id, kind, detail) => void events.push(`${kind} ${detail}`),
  };
  return { store, ledger, changes, events, current: () => current };
}

function fakeStripe(behaviour: { charge?: 'ok' | 'decline' | 'lost'; refund?: 'ok' | 'refuse' } = {}) {
  const calls: { kind: string; key: string; amount: number }[] = [];
  const intent = (id: string, amount: number): PaymentIntentView => ({ id, status: 'succeeded', amount, currency: 'usd', clientSecret: null, metadata: {}, card: null, amountReceived: amount });
  const gateway = {
    async chargeSavedCard(input: { amountCents: number; idempotencyKey: string }) {
      calls.push({ kind: 'charge', key: input.idempotencyKey, amount: input.amountCents });
      if (behaviour.charge === 'decline') throw new PaymentProviderError('Your card was declined.', 402, 'card_declined');
      if (behaviour.charge === 'lost') {
        behaviour.charge = 'ok';
        throw new PaymentProviderError('connection reset', undefined, undefined);
      }
      return intent(`pi_${input.idempotencyKey}`, input.amountCents);
    },
    async createRefund(input: { paymentIntentId: string; amountCents: number; idempotencyKey: string }) {
      calls.push({ kind: `refund ${input.paymentIntentId}`, key: input.idempotencyKey, amount: input.amountCents });
      if (behaviour.refund === 'refuse') throw new PaymentProviderError('Your Stripe balance is too low for this refund.', 400, 'balance_insufficient');
      return { id: `re_${calls.length}`, amountCents: input.amountCents, status: 'succeeded', paymentIntentId: input.paymentIntentId, metadata: {} };
    },
  } as unknown as PaymentGateway;
  return { gateway, calls };
}

const logger = { warn: () => undefined, error: () => undefined };
const service = (store: BookingChangeStore, payments?: PaymentGateway) => createBookingChanges({ store, payments, logger, now: () => NOW, publicUrl: 'https://ridgeline.example' });
const LONGER = { checkin: '2027-01-20', checkout: '2027-01-24', guests: 2 };
const SHORTER = { checkin: '2027-01-20', checkout: '2027-01-22', guests: 2 };

describe('changedQuote and changeOptions', () => {
  it('a deposit booking whose balance is unpaid keeps its deposit and owes the rest, due as many days before the new check-in', () => {
    const quote = { ...priceOf('2027-01-20', '2027-01-23', 2) };
    const schedule = { depositBps: 3000, depositCents: 30_000, balanceCents: quote.totalCents - 30_000, balanceDueDate: '2026-12-21' };
    const b = booking({ quote: { ...quote, paymentSchedule: schedule }, balance: { status: 'scheduled', amountCents: schedule.balanceCents, dueDate: '2026-12-21', attempts: 0, nextAttemptAt: null, lastError: null, paidAt: null } });
    const money = summarizeLedger([{ kind: 'charge', amountCents: 30_000, paymentIntentId: 'pi_stay' }]);
    const next = changedQuote(b, { checkin: '2027-02-01', checkout: '2027-02-05', guests: 2 }, priceOf('2027-02-01', '2027-02-05', 2), money, settings);
    expect(next?.paymentSchedule).toEqual({ ...schedule, balanceCents: next!.totalCents - 30_000, balanceDueDate: '2027-01-02' });
    expect(changeOptions(b, 1, money, true)).toEqual(['balance']);
  });

  it('more to pay: the saved card first when there is one; less: refund or credit; an owner stay: none', () => {
    const money = summarizeLedger([{ kind: 'charge', amountCents: 10_000, paymentIntentId: 'pi_stay' }]);
    expect(changeOptions(booking(), 500, money, true)).toEqual(['off_session', 'payment_link', 'offline']);
    expect(changeOptions(booking({ stripeCustomerId: null }), 500, money, true)).toEqual(['payment_link', 'offline']);
    expect(changeOptions(booking(), -500, money, true)).toEqual(['refund', 'credit']);
    expect(changeOptions(booking({ kind: 'owner' }), -500, money, true)).toEqual(['none']);
    // Without card payments, nothing that needs Stripe.
    expect(changeOptions(booking(), 500, money, false)).toEqual(['offline']);
    expect(changeOptions(booking(), -500, money, false)).toEqual(['credit']);
  });
});

describe('createBookingChanges', () => {
  it('charges more nights off-session once, with the key of the booking and the change, recorded in the ledger', async () => {
    const b = booking();
    const m = memoryStore(b, [{ kind: 'charge', amountCents: b.quote!.totalCents, paymentIntentId: 'pi_stay' }]);
    const stripe = fakeStripe();
    const result = await service(m.store, stripe.gateway).change(b.id, { ...LONGER, settle: 'off_session' });
    const difference = priceOf(LONGER.checkin, LONGER.checkout, 2).totalCents - b.quote!.totalCents;
    expect(result).toMatchObject({ ok: true, settlement: { status: 'settled', chargedCents: difference, emailed: false } });
    expect(stripe.calls).toEqual([{ kind: 'charge', key: changeIdempotencyKey(7, 1), amount: difference }]);
    expect(m.ledger.filter((e) => e.stripeObjectId === `pi_${changeIdempotencyKey(7, 1)}`).map((e) => e.amountCents)).toEqual([difference]);
  });

  it('a lost answer leaves the change open; the retry asks with the same key and records once', async () => {
    const b = booking();
    const m = memoryStore(b, [{ kind: 'charge', amountCents: b.quote!.totalCents, paymentIntentId: 'pi_stay' }]);
    const stripe = fakeStripe({ charge: 'lost' });
    const first = await service(m.store, stripe.gateway).change(b.id, { ...LONGER, settle: 'off_session' });
    expect(first).toMatchObject({ ok: true, settlement: { status: 'open' } });
    const again = await service(m.store, stripe.gateway).change(b.id, { ...LONGER, settle: 'off_session' });
    expect(again).toMatchObject({ ok: true, settlement: { status: 'settled' } });
    expect(stripe.calls.map((c) => c.key)).toEqual([changeIdempotencyKey(7, 1), changeIdempotencyKey(7, 1)]);
    expect(m.changes).toHaveLength(1);
    expect(m.ledger.filter((e) => e.kind === 'charge')).toHaveLength(2);
  });

  it('a declined card keeps the change: the difference stays owed and the owner is told why', async () => {
    const b = booking();
    const m = memoryStore(b, [{ kind: 'charge', amountCents: b.quote!.totalCents, paymentIntentId: 'pi_stay' }]);
    const result = await service(m.store, fakeStripe({ charge: 'decline' }).gateway).change(b.id, { ...LONGER, settle: 'off_session' });
    expect(result).toMatchObject({ ok: true, settlement: { status: 'failed', chargedCents: 0 } });
    expect(result.ok && result.settlement.message).toMatch(/declined/);
    expect(m.current()).toMatchObject(LONGER);
    expect(m.events.some((e) => e.startsWith('payment-failed'))).toBe(true);
  });

  it('refunds fewer nights per PaymentIntent, latest first, never more than each can give; offline money needs its method', async () => {
    const b = booking({ balance: { status: 'paid', amountCents: 1_000, dueDate: '2026-12-21', attempts: 1, nextAttemptAt: null, lastError: null, paidAt: NOW.toISOString(), paymentIntentId: 'pi_balance' } });
    const total = b.quote!.totalCents;
    const m = memoryStore(b, [
      { kind: 'charge', amountCents: total - 1_000, paymentIntentId: 'pi_stay' },
      { kind: 'charge', amountCents: 1_000, paymentIntentId: 'pi_balance' },
    ]);
    const stripe = fakeStripe();
    const result = await service(m.store, stripe.gateway).change(b.id, { ...SHORTER, settle: 'refund' });
    const owed = total - priceOf(SHORTER.checkin, SHORTER.checkout, 2).totalCents;
    expect(result).toMatchObject({ ok: true, settlement: { status: 'settled', refundedCents: owed } });
    expect(stripe.calls).toEqual([
      { kind: 'refund pi_balance', key: `${changeIdempotencyKey(7, 1)}-refund-pi_balance`, amount: 1_000 },
      { kind: 'refund pi_stay', key: `${changeIdempotencyKey(7, 1)}-refund-pi_stay`, amount: owed - 1_000 },
    ]);
  });

  it('a refund Stripe refuses is told to the owner; the owner retries it with a new key, or records it as given back offline ([booking.change-refund-refused])', async () => {
    const b = booking();
    const total = b.quote!.totalCents;
    const owed = total - priceOf(SHORTER.checkin, SHORTER.checkout, 2).totalCents;
    const m = memoryStore(b, [{ kind: 'charge', amountCents: total, paymentIntentId: 'pi_stay' }]);
    const stripe = fakeStripe({ refund: 'refuse' });
    const told: string[] = [];
    const changes = createBookingChanges({ store: m.store, payments: stripe.gateway, logger, now: () => NOW, publicUrl: 'https://ridgeline.example', notifyMoney: (_b, subject, _text, key) => void told.push(`${subject} ${key}`) });
    const result = await changes.change(b.id, { ...SHORTER, settle: 'refund' });
    expect(result).toMatchObject({ ok: true, settlement: { status: 'failed', refundedCents: 0 } });
    expect(result.ok && result.settlement.message).toContain(REFUSED_WHAT_NOW);
    expect(told).toEqual(['Refund refused on booking 7: 2027-01-20 to 2027-01-22 change-refund-refused-1-pi_stay-0']);
    expect(refusedRefundCents(m.changes[0]!)).toBe(owed);
    // Stripe takes refunds again.
    const ok = fakeStripe();
    const retried = await createBookingChanges({ store: m.store, payments: ok.gateway, logger, now: () => NOW, publicUrl: 'https://ridgeline.example' }).settleRefused(b.id, 1, { action: 'retry' });
    expect(retried).toMatchObject({ ok: true, settlement: { status: 'settled', refundedCents: owed } });
    expect(ok.calls).toEqual([{ kind: 'refund pi_stay', key: `${changeIdempotencyKey(7, 1)}-refund-pi_stay-retry1`, amount: owed }]);
    expect(m.changes[0]!.parts.map((p) => p.status)).toEqual(['dropped', 'succeeded']);
    expect(await changes.settleRefused(b.id, 1, { action: 'offline', method: 'cash' })).toMatchObject({ ok: false, reason: 'nothing-refused' });

    // The other way: given back by check, in the ledger.
    const n = memoryStore(b, [{ kind: 'charge', amountCents: total, paymentIntentId: 'pi_stay' }]);
    const refusing = createBookingChanges({ store: n.store, payments: fakeStripe({ refund: 'refuse' }).gateway, logger, now: () => NOW, publicUrl: 'https://ridgeline.example' });
    await refusing.change(b.id, { ...SHORTER, settle: 'refund' });
    expect(await refusing.settleRefused(b.id, 1, { action: 'offline', method: 'check' })).toMatchObject({ ok: true, change: { status: 'settled' } });
    expect(n.ledger.filter((e) => e.kind === 'offline_refund').map((e) => [e.amountCents, e.method, e.source])).toEqual([[owed, 'check', 'owner']]);
    expect(await refusing.settleRefused(b.id, 2, { action: 'retry' })).toEqual({ ok: false, reason: 'not-found' });
  });

  it('a later change counts the refused refund in its difference: the earlier one is never refunded a second time', async () => {
    const b = booking();
    const total = b.quote!.totalCents;
    const m = memoryStore(b, [{ kind: 'charge', amountCents: total, paymentIntentId: 'pi_stay' }]);
    const changes = createBookingChanges({ store: m.store, payments: fakeStripe({ refund: 'refuse' }).gateway, logger, now: () => NOW, publicUrl: 'https://ridgeline.example' });
    await changes.change(b.id, { ...SHORTER, settle: 'refund' });
    const back = await changes.change(b.id, { ...SHORTER, guests: 1, settle: 'credit' });
    // Nothing was refunded, so the next change's difference is the new total less all that was paid.
    expect(back).toMatchObject({ ok: true, change: { differenceCents: priceOf(SHORTER.checkin, SHORTER.checkout, 1).totalCents - total } });
    expect(refusedRefundCents(m.changes[0]!)).toBe(0);
    expect(m.changes[0]!.message).toMatch(/counted in the next change/);
    expect(await changes.settleRefused(b.id, 1, { action: 'offline', method: 'cash' })).toMatchObject({ ok: false, reason: 'nothing-refused' });
    expect(m.ledger.filter((e) => e.kind === 'offline_refund')).toEqual([]);
  });

  it('a payment link is made without its own e-mail: the change e-mail holds it, one e-mail in all', async () => {
    const b = booking();
    const m = memoryStore(b, [{ kind: 'charge', amountCents: b.quote!.totalCents, paymentIntentId: 'pi_stay' }]);
    const sends: unknown[] = [];
    const mails: { subject: string; text: string }[] = [];
    const changes = createBookingChanges({
      store: m.store,
      payments: fakeStripe().gateway,
      mailer: { send: async (message) => void mails.push(message) },
      logger,
      now: () => NOW,
      publicUrl: 'https://ridgeline.example',
      paymentLinks: {
        withdraw: async () => undefined,
        send: async (_id, options) => {
          sends.push(options);
          return { ok: true, url: 'https://ridgeline.example/checkout?link=tok', amountDueCents: 500, emailed: false };
        },
      },
    });
    const result = await changes.change(b.id, { ...LONGER, settle: 'payment_link' });
    expect(sends).toEqual([{ email: false }]);
    expect(mails.map((x) => x.subject)).toEqual(['Your stay at Ridgeline has changed: 2027-01-20 to 2027-01-24']);
    expect(mails[0]!.text).toContain('pay it by card here: https://ridgeline.example/checkout?link=tok');
    expect(result).toMatchObject({ ok: true, settlement: { url: 'https://ridgeline.example/checkout?link=tok', emailed: true, message: 'Payment link for $5.00 e-mailed to the guest with the change' } });
  });

  it('refuses a taken night, a cancelled booking and a settle not offered, changing nothing', async () => {
    const b = booking();
    const m = memoryStore(b, [{ kind: 'charge', amountCents: b.quote!.totalCents, paymentIntentId: 'pi_stay' }], ['2027-01-23']);
    const changes = service(m.store, fakeStripe().gateway);
    expect(await changes.change(b.id, { ...LONGER, settle: 'offline' })).toEqual({ ok: false, reason: 'closed', closedDates: ['2027-01-23'] });
    expect(await changes.change(b.id, { ...SHORTER, settle: 'off_session' })).toMatchObject({ ok: false, reason: 'invalid', field: 'settle' });
    const cancelled = memoryStore(booking({ cancelledAt: NOW.toISOString(), status: 'cancelled' }), []);
    expect(service(cancelled.store).quote(7, LONGER)).toMatchObject({ ok: false, reason: 'not-changeable' });
    expect(m.changes).toEqual([]);
    expect(m.current()).toMatchObject({ checkin: '2027-01-20', checkout: '2027-01-23' });
  });
});

describe('bookingChangeEmail', () => {
  it('tells the guest the old and new stay, the new total and what is charged', () => {
    const change: BookingChange = {
      id: 1,
      bookingId: 7,
      createdAt: NOW.toISOString(),
      from: { checkin: '2027-01-20', checkout: '2027-01-23', guests: 2 },
      to: LONGER,
      oldTotalCents: 100_000,
      newTotalCents: 130_000,
      differenceCents: 30_000,
      settle: 'off_session',
      status: 'settled',
      parts: [],
      offlineRefund: null,
      paymentIntentId: 'pi_x',
      message: '',
    };
    const mail = bookingChangeEmail(booking(), change, { url: null }, 'https://ridgeline.example');
    expect(mail.subject).toBe('Your stay at Ridgeline has changed: 2027-01-20 to 2027-01-24');
    expect(mail.text).toContain('Before: 2027-01-20 to 2027-01-23, 2 guests');
    expect(mail.text).toContain('New total: $1,300.00 (was $1,000.00)');
    expect(mail.text).toContain('We charged $300.00 to the card saved with your booking.');
  });
});
