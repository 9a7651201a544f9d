import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../settings/schema.js';
import type { Booking } from '../bookings.js';
import { testBooking } from '../testing/test-bookings.js';
import {
  authorizationLapsesAt,
  claimProblem,
  createDamageDeposits,
  damageDepositView,
  depositPlaceFrom,
  depositReleaseOn,
  depositSummary,
  nextDepositStep,
  type DamageDepositHold,
  type DamageDepositStore,
  type SavedCard,
} from './damage-deposit.js';
import { PaymentProviderError, type PaymentIntentView } from '../payment-gateway.js';

/** [deposit.hold], [deposit.release], [deposit.claim]: dates in America/New_York, the clock injected. */

const terms = { ...DEFAULT_SETTINGS, damageDepositCents: 50_000, damageDepositReleaseDays: 3 };
function booking(over: Partial<Booking> = {}): Booking {
  return testBooking({
    id: 7,
    checkin: '2026-12-10',
    checkout: '2026-12-13',
    createdAt: '2026-11-01T12:00:00.000Z',
    stripePaymentIntentId: 'pi_stay',
    quote: { terms } as unknown as Booking['quote'],
    amountPaidCents: 100_000,
    guestToken: 'tok',
    ...over,
  });
}
const hold = (over: Partial<DamageDepositHold> = {}): DamageDepositHold => ({
  bookingId: 7,
  state: 'authorized',
  amountCents: 50_000,
  paymentIntentId: 'pi_hold',
  idempotencyKey: 'k1',
  pendingKey: null,
  replacedPaymentIntentId: null,
  authorizedAt: '2026-12-04T10:00:00.000Z',
  lapsesAt: '2026-12-11T10:00:00.000Z',
  releaseOn: '2026-12-16',
  pendingAction: null,
  claimedCents: null,
  claimReason: '',
  claimKey: null,
  failureMessage: null,
  updatedAt: '2026-12-04T10:00:00.000Z',
  ...over,
});
// 05:00 UTC is midnight in New York (EST): the property's day, not the server's.
const at = (iso: string) => new Date(iso);

describe('deposit dates', () => {
  it('places the hold from 6 days before check-in and releases it check-out + the release days', () => {
    expect(depositPlaceFrom('2026-12-10')).toBe('2026-12-04');
    expect(depositReleaseOn('2026-12-13', 3)).toBe('2026-12-16');
    expect(depositReleaseOn('2026-12-31', 0)).toBe('2026-12-31');
  });
  it('lets an authorization lapse after 7 days, a Visa one (off-session) after 4 days 18 hours', () => {
    const t = at('2026-12-04T10:00:00Z');
    expect(authorizationLapsesAt(t, 'mastercard').toISOString()).toBe('2026-12-11T10:00:00.000Z');
    expect(authorizationLapsesAt(t, 'visa').toISOString()).toBe('2026-12-09T04:00:00.000Z');
    expect(authorizationLapsesAt(t, null).toISOString()).toBe('2026-12-09T04:00:00.000Z');
  });
});

describe('nextDepositStep', () => {
  const step = (now: string, h?: DamageDepositHold, b = booking(), hasSavedCard = true) => nextDepositStep({ booking: b, hold: h, hasSavedCard, now: at(now) });

  it('places the hold from check-in − 6 days in New York, not before', () => {
    // 04:59 UTC on Dec 4 is still Dec 3 in New York.
    expect(step('2026-12-04T04:59:00Z')).toBeNull();
    expect(step('2026-12-04T05:00:00Z')).toBe('place');
    expect(step('2026-12-12T12:00:00Z')).toBe('place');
  });
  it('places nothing without a deposit in the terms, a saved card or a confirmed booking, or once the release date came', () => {
    expect(step('2026-12-05T12:00:00Z', undefined, booking({ quote: { terms: DEFAULT_SETTINGS } as unknown as Booking['quote'] }))).toBeNull();
    expect(step('2026-12-05T12:00:00Z', undefined, booking(), false)).toBeNull();
    expect(step('2026-12-05T12:00:00Z', undefined, booking({ status: 'cancelled' }))).toBeNull();
    expect(step('2026-12-05T12:00:00Z', undefined, booking({ status: 'pending' }))).toBeNull();
    expect(step('2026-12-16T12:00:00Z')).toBeNull();
  });
  it('finishes an authorization under way with its stored key', () => {
    expect(step('2026-12-05T12:00:00Z', hold({ state: 'scheduled', paymentIntentId: null }))).toBe('place');
    expect(step('2026-12-05T12:00:00Z', hold({ state: 'reauthorizing', pendingKey: 'k2' }))).toBe('reauthorize');
  });
  it('renews from 1 day before a lapse that comes before the release date, not earlier', () => {
    expect(step('2026-12-10T09:59:00Z', hold())).toBeNull();
    expect(step('2026-12-10T10:00:00Z', hold())).toBe('reauthorize');
  });
  it('does not renew a hold that lapses on or after its release date', () => {
    expect(step('2026-12-15T12:00:00Z', hold({ lapsesAt: '2026-12-16T12:00:00.000Z' }))).toBeNull();
  });
  it('releases on the release date (New York) and once the booking is cancelled', () => {
    expect(step('2026-12-16T04:59:00Z', hold({ lapsesAt: '2026-12-20T00:00:00.000Z' }))).toBeNull();
    expect(step('2026-12-16T05:00:00Z', hold({ lapsesAt: '2026-12-20T00:00:00.000Z' }))).toBe('release');
    expect(step('2026-12-05T12:00:00Z', hold(), booking({ status: 'cancelled' }))).toBe('release');
  });
  it('does nothing for a final hold or one with a claim or release under way', () => {
    for (const state of ['released', 'claimed', 'failed'] as const) expect(step('2026-12-17T12:00:00Z', hold({ state }))).toBeNull();
    expect(step('2026-12-17T12:00:00Z', hold({ pendingAction: 'claim' }))).toBeNull();
  });
});

describe('damageDepositView and claimProblem', () => {
  it('shows a booking with a deposit in its terms as scheduled before its hold exists, none without', () => {
    expect(damageDepositView(booking(), undefined)).toMatchObject({ state: 'scheduled', amountCents: 50_000, placeFrom: '2026-12-04', releaseOn: '2026-12-16' });
    expect(damageDepositView(booking({ quote: null }), undefined).state).toBe('none');
    expect(damageDepositView(booking(), hold({ state: 'claimed', claimedCents: 12_000, claimReason: 'Broken lamp' }))).toMatchObject({ state: 'claimed', claimedCents: 12_000, claimReason: 'Broken lamp' });
  });
  it('refuses a claim without an authorized hold, above the hold, of nothing, or without a reason', () => {
    expect(claimProblem(undefined, 100, 'x')).toEqual({ reason: 'no-authorized-hold', why: 'none' });
    expect(claimProblem(hold({ state: 'released' }), 100, 'x')).toEqual({ reason: 'no-authorized-hold', why: 'released' });
    expect(claimProblem(hold({ pendingAction: 'release' }), 100, 'x')).toEqual({ reason: 'no-authorized-hold', why: 'under-way' });
    expect(claimProblem(hold(), 50_001, 'x')).toMatchObject({ reason: 'invalid', field: 'amountCents' });
    expect(claimProblem(hold(), 0, 'x')).toMatchObject({ reason: 'invalid', field: 'amountCents' });
    expect(claimProblem(hold(), 100, '   ')).toMatchObject({ reason: 'invalid', field: 'reason' });
    expect(claimProblem(hold(), 50_000, 'Broken window')).toBeUndefined();
  });
});

/** An in-memory store with the SQLite store's conditional transitions. */
function memoryStore(b: Booking, card: SavedCard | null): DamageDepositStore & { rows: Map<number, DamageDepositHold> } {
  const rows = new Map<number, DamageDepositHold>();
  const put = (id: number, change: Partial<DamageDepositHold>, now?: Date) => {
    const next = { ...rows.get(id)!, ...change, ...(now ? { updatedAt: now.toISOString() } : {}) };
    rows.set(id, next);
    return next;
  };
  return {
    rows,
    listDepositCandidates: () => [{ booking: b, hold: rows.get(b.id), card }],
    getHold: (id) => rows.get(id),
    startHold(h, now) {
      if (rows.has(h.bookingId)) return undefined;
      rows.set(h.bookingId, hold({ ...h, state: 'scheduled', paymentIntentId: null, authorizedAt: null, lapsesAt: null, updatedAt: now.toISOString() }));
      return rows.get(h.bookingId);
    },
    startReauthorization(id, pendingKey, now) {
      if (rows.get(id)?.state !== 'authorized') return false;
      put(id, { state: 'reauthorizing', pendingKey }, now);
      return true;
    },
    recordAuthorized(id, intent, now) {
      const h = rows.get(id)!;
      const renewal = h.state === 'reauthorizing';
      return put(
        id,
        {
          state: 'authorized',
          paymentIntentId: intent.paymentIntentId,
          authorizedAt: intent.authorizedAt.toISOString(),
          lapsesAt: intent.lapsesAt.toISOString(),
          idempotencyKey: renewal ? h.pendingKey! : h.idempotencyKey,
          pendingKey: null,
          replacedPaymentIntentId: renewal ? h.paymentIntentId : null,
        },
        now,
      );
    },
    clearReplaced: (id) => void put(id, { replacedPaymentIntentId: null }),
    recordFailed: (id, failureMessage, now) => put(id, { state: 'failed', failureMessage }, now),
    beginAction(id, action, now) {
      const h = rows.get(id);
      if (h?.state !== 'authorized' || h.pendingAction) return false;
      put(id, action.kind === 'claim' ? { pendingAction: 'claim', claimedCents: action.amountCents, claimReason: action.reason, claimKey: action.key } : { pendingAction: 'release' }, now);
      return true;
    },
    abandonAction: (id, now) => void put(id, { pendingAction: null, claimedCents: null, claimReason: '', claimKey: null }, now),
    recordReleased: (id, now) => put(id, { state: 'released', pendingAction: null }, now),
    recordClaimed: (id, claimedCents, now) => put(id, { state: 'claimed', pendingAction: null, claimedCents }, now),
  };
}

function fixture(options: { decline?: boolean; card?: SavedCard | null; b?: Booking; oneAtATime?: boolean } = {}) {
  /** What Stripe does with the next capture or cancel, and whether it can be read (and a cancel held until `cancelWait`): set by a test. */
  const faults: { capture?: Error; cancel?: Error; retrieve?: Error; cancelWait?: Promise<void> } = {};
  // The server's per-booking turn, as web/server/booking/booking-turn.ts keeps it.
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(_id: number, work: () => Promise<T>): Promise<T> => {
    const run = queue.catch(() => undefined).then(work);
    queue = run;
    return run;
  };
  const b = options.b ?? booking();
  const store = memoryStore(b, options.card === undefined ? { customerId: 'cus_1', paymentMethodId: 'pm_1' } : options.card);
  let now = at('2026-12-04T12:00:00Z');
  let n = 0;
  const calls: string[] = [];
  const intent = (id: string, status: string, amountReceived = 0): PaymentIntentView => ({ id, status, amount: 50_000, currency: 'usd', clientSecret: null, metadata: {}, card: { brand: 'mastercard', last4: '4444' }, amountReceived });
  const said: string[] = [];
  let stripeStatus = 'requires_capture';
  const deposits = createDamageDeposits({
    store,
    ...(options.oneAtATime ? { oneAtATime } : {}),
    now: () => now,
    newKey: () => `key${++n}`,
    payments: {
      authorizeHold: async (input) => {
        calls.push(`authorize ${input.amountCents} ${input.paymentMethodId} ${input.idempotencyKey}`);
        if (options.decline) throw new PaymentProviderError('Your card was declined.', 402, 'card_declined');
        return intent(`pi_${input.idempotencyKey}`, 'requires_capture');
      },
      capturePaymentIntent: async (input) => {
        calls.push(`capture ${input.paymentIntentId} ${input.amountToCaptureCents} ${input.idempotencyKey}`);
        if (faults.capture) throw faults.capture;
        return intent(input.paymentIntentId, 'succeeded', input.amountToCaptureCents);
      },
      cancelPaymentIntent: async (id) => {
        calls.push(`cancel ${id}`);
        await faults.cancelWait;
        if (faults.cancel) throw faults.cancel;
        return intent(id, 'canceled');
      },
      retrievePaymentIntent: async (id) => {
        calls.push(`retrieve ${id}`);
        if (faults.retrieve) throw faults.retrieve;
        return intent(id, stripeStatus, stripeStatus === 'succeeded' ? 7_000 : 0);
      },
    },
    effects: {
      authorized: (_b, h, renewal) => void said.push(`${renewal ? 'renewed' : 'authorized'} ${h.paymentIntentId}`),
      declined: (_b, _h, message) => void said.push(`declined ${message}`),
      released: (_b, h) => void said.push(`released ${h.paymentIntentId}`),
      claimed: (_b, h) => void said.push(`claimed ${h.claimedCents} ${h.claimReason}`),
    },
  });
  return { deposits, store, calls, said, b, faults, setNow: (iso: string) => (now = at(iso)), setStripeStatus: (status: string) => (stripeStatus = status) };
}

describe('createDamageDeposits', () => {
  it('authorizes once with the saved card and a stored random key, renews before the lapse (new first, then the old cancelled) and releases on the release date', async () => {
    const f = fixture({ b: booking({ checkout: '2026-12-20' }) });
    await f.deposits.runDue();
    await f.deposits.runDue();
    expect(f.calls).toEqual(['authorize 50000 pm_1 ridgeline-deposit-key1']);
    expect(f.store.rows.get(7)).toMatchObject({ state: 'authorized', paymentIntentId: 'pi_ridgeline-deposit-key1', lapsesAt: '2026-12-11T12:00:00.000Z', releaseOn: '2026-12-23' });
    f.setNow('2026-12-10T12:00:00Z');
    await f.deposits.runDue();
    expect(f.calls.slice(1)).toEqual(['authorize 50000 pm_1 ridgeline-deposit-key2', 'cancel pi_ridgeline-deposit-key1']);
    expect(f.store.rows.get(7)).toMatchObject({ state: 'authorized', paymentIntentId: 'pi_ridgeline-deposit-key2', replacedPaymentIntentId: null, idempotencyKey: 'key2' });
    f.setNow('2026-12-23T12:00:00Z');
    await f.deposits.runDue();
    expect(f.calls.at(-1)).toBe('cancel pi_ridgeline-deposit-key2');
    expect(f.store.rows.get(7)?.state).toBe('released');
    expect(f.said).toEqual(['authorized pi_ridgeline-deposit-key1', 'renewed pi_ridgeline-deposit-key2', 'released pi_ridgeline-deposit-key2']);
  });

  it('marks a declined card failed, says so once and tries no more', async () => {
    const f = fixture({ decline: true });
    await f.deposits.runDue();
    await f.deposits.runDue();
    expect(f.store.rows.get(7)).toMatchObject({ state: 'failed', failureMessage: 'Your card was declined.' });
    expect(f.said).toEqual(['declined Your card was declined.']);
    expect(f.calls).toHaveLength(1);
  });

  it('a claim racing the release waits for its turn and is refused as released, never captured ([deposit.claim-guard])', async () => {
    const f = fixture({ oneAtATime: true });
    await f.deposits.runDue();
    f.setNow('2026-12-16T12:00:00Z');
    let letGo = () => {};
    f.faults.cancelWait = new Promise<void>((resolve) => (letGo = resolve));
    const release = f.deposits.runDue();
    const claim = f.deposits.claim({ booking: f.b, amountCents: 12_000, reason: 'Broken lamp' });
    await new Promise((resolve) => setImmediate(resolve));
    letGo();
    await release;
    expect(await claim).toEqual({ ok: false, reason: 'no-authorized-hold', why: 'released' });
    expect(f.calls.filter((c) => c.startsWith('capture'))).toEqual([]);
    expect(f.store.rows.get(7)?.state).toBe('released');
  });

  it('a claim after the booking was cancelled in its turn is refused; the store refuses it too ([deposit.claim-guard])', async () => {
    const f = fixture();
    await f.deposits.runDue();
    expect(await f.deposits.claim({ booking: booking({ cancelledAt: '2026-12-05T10:00:00Z', status: 'cancelled' }), amountCents: 100, reason: 'x' })).toEqual({ ok: false, reason: 'booking-cancelled' });
    expect(f.calls.filter((c) => c.startsWith('capture'))).toEqual([]);
  });

  it('claims part of the hold with a reason, then neither claims nor releases again', async () => {
    const f = fixture();
    await f.deposits.runDue();
    const claimed = await f.deposits.claim({ booking: f.b, amountCents: 12_000, reason: ' Broken lamp ' });
    expect(claimed).toMatchObject({ ok: true, hold: { state: 'claimed', claimedCents: 12_000, claimReason: 'Broken lamp' } });
    expect(f.calls.at(-1)).toBe('capture pi_ridgeline-deposit-key1 12000 ridgeline-deposit-claim-key2');
    expect(await f.deposits.claim({ booking: f.b, amountCents: 100, reason: 'again' })).toEqual({ ok: false, reason: 'no-authorized-hold', why: 'claimed' });
    f.setNow('2026-12-16T12:00:00Z');
    await f.deposits.runDue();
    expect(f.calls.filter((c) => c.startsWith('cancel'))).toEqual([]);
  });
});

describe('depositSummary', () => {
  it('says where the deposit stands to the owner and to the guest', () => {
    const held = damageDepositView(booking(), hold());
    expect(depositSummary(held, 'guest')).toBe('Damage deposit: $500.00 held on your card until 2026-12-16');
    expect(depositSummary(held, 'owner')).toBe('$500.00 held on the card until 2026-12-16');
    expect(depositSummary(damageDepositView(booking(), undefined), 'owner', (d) => `<${d}>`)).toBe('$500.00 to be held on the card from <2026-12-04>');
    expect(depositSummary(damageDepositView(booking(), hold({ state: 'released' })), 'guest')).toBe('Damage deposit: $500.00 released, nothing charged');
    expect(depositSummary(damageDepositView(booking(), hold({ state: 'claimed', claimedCents: 12_500, claimReason: 'Broken lamp' })), 'owner')).toBe('Claimed $125.00 of $500.00: Broken lamp');
    // A capture found at Stripe has no reason, and none is made up ([deposit.unknown-outcome]).
    expect(depositSummary(damageDepositView(booking(), hold({ state: 'claimed', claimedCents: 12_500 })), 'guest')).toBe('Damage deposit: $125.00 of $500.00 claimed');
    expect(depositSummary(damageDepositView(booking(), hold({ state: 'failed', failureMessage: 'Your card was declined.' })), 'owner')).toBe('Declined: Your card was declined.');
    expect(depositSummary(damageDepositView(booking({ quote: null }), undefined), 'guest')).toBeNull();
  });
});

describe('a claim or release cut short (the process stopped mid-call)', () => {
  it("is finished from Stripe's intent after 10 minutes: claimed what Stripe received, or authorized again", async () => {
    const f = fixture();
    await f.deposits.runDue();
    f.store.beginAction(7, { kind: 'claim', amountCents: 7_000, reason: 'Stain', key: 'kx' }, at('2026-12-04T12:00:00Z'));
    f.setNow('2026-12-04T12:05:00Z');
    await f.deposits.runDue();
    expect(f.calls.some((c) => c.startsWith('retrieve'))).toBe(false);
    f.setStripeStatus('succeeded');
    f.setNow('2026-12-04T12:11:00Z');
    await f.deposits.runDue();
    expect(f.store.rows.get(7)).toMatchObject({ state: 'claimed', claimedCents: 7_000, claimReason: 'Stain', pendingAction: null });
    expect(f.said.at(-1)).toBe('claimed 7000 Stain');

    const g = fixture();
    await g.deposits.runDue();
    g.store.beginAction(7, { kind: 'release' }, at('2026-12-04T12:00:00Z'));
    g.setNow('2026-12-04T12:11:00Z');
    await g.deposits.runDue();
    expect(g.store.rows.get(7)).toMatchObject({ state: 'authorized', pendingAction: null });
  });
});

describe('a claim or release whose outcome is unknown ([deposit.unknown-outcome])', () => {
  /** What the SDK throws once its retries found no answer: no status code. */
  const lost = () => new PaymentProviderError('An error occurred with our connection to Stripe. Request was retried 2 times.', undefined, undefined);
  const unexpected = () => new PaymentProviderError('This PaymentIntent could not be captured because it has a status of succeeded.', 400, 'payment_intent_unexpected_state');

  it('a lost capture answer is read back: captured → claimed what Stripe received; still held → authorized, nothing claimed; released → released', async () => {
    const f = fixture();
    await f.deposits.runDue();
    f.faults.capture = lost();
    f.setStripeStatus('succeeded');
    expect(await f.deposits.claim({ booking: f.b, amountCents: 12_000, reason: 'Stain' })).toMatchObject({ ok: true, hold: { state: 'claimed', claimedCents: 7_000, claimReason: 'Stain' } });
    expect(f.calls.slice(-2)).toEqual(['capture pi_ridgeline-deposit-key1 12000 ridgeline-deposit-claim-key2', 'retrieve pi_ridgeline-deposit-key1']);
    expect(f.said.at(-1)).toBe('claimed 7000 Stain');

    const g = fixture();
    await g.deposits.runDue();
    g.faults.capture = lost();
    expect(await g.deposits.claim({ booking: g.b, amountCents: 12_000, reason: 'Stain' })).toEqual({
      ok: false,
      reason: 'provider-failed',
      message: 'Stripe did not answer, and its payment shows nothing captured: nothing was claimed. Try again.',
    });
    expect(g.store.rows.get(7)).toMatchObject({ state: 'authorized', pendingAction: null, claimedCents: null });
    expect(g.said).toEqual(['authorized pi_ridgeline-deposit-key1']);

    const h = fixture();
    await h.deposits.runDue();
    h.faults.capture = unexpected();
    h.setStripeStatus('canceled');
    expect(await h.deposits.claim({ booking: h.b, amountCents: 12_000, reason: 'Stain' })).toEqual({ ok: false, reason: 'no-authorized-hold', why: 'released' });
    expect(h.store.rows.get(7)?.state).toBe('released');
    expect(h.said.at(-1)).toBe('released pi_ridgeline-deposit-key1');
  });

  it('stays pending while Stripe cannot be read, and a refusal that says nothing happened gives the hold back', async () => {
    const f = fixture();
    await f.deposits.runDue();
    f.faults.capture = lost();
    f.faults.retrieve = lost();
    expect(await f.deposits.claim({ booking: f.b, amountCents: 12_000, reason: 'Stain' })).toEqual({ ok: false, reason: 'outcome-unknown' });
    expect(f.store.rows.get(7)).toMatchObject({ state: 'authorized', pendingAction: 'claim', claimedCents: 12_000, claimReason: 'Stain' });
    expect(f.said).toEqual(['authorized pi_ridgeline-deposit-key1']);

    const g = fixture();
    await g.deposits.runDue();
    g.faults.capture = new PaymentProviderError('The amount to capture must be less than or equal to the amount capturable.', 400, 'amount_too_large');
    expect(await g.deposits.claim({ booking: g.b, amountCents: 12_000, reason: 'Stain' })).toMatchObject({ ok: false, reason: 'provider-failed' });
    expect(g.calls.some((c) => c.startsWith('retrieve'))).toBe(false);
    expect(g.store.rows.get(7)).toMatchObject({ state: 'authorized', pendingAction: null });
  });

  it('a release refused because the hold was captured records the capture; a lost cancel is read back as released', async () => {
    const f = fixture();
    await f.deposits.runDue();
    f.faults.cancel = new PaymentProviderError('You cannot cancel this PaymentIntent because it has a status of succeeded.', 400, 'payment_intent_unexpected_state');
    f.setStripeStatus('succeeded');
    f.setNow('2026-12-16T12:00:00Z');
    expect(await f.deposits.runDue()).toEqual({ acted: 1, failures: [] });
    expect(f.store.rows.get(7)).toMatchObject({ state: 'claimed', claimedCents: 7_000, pendingAction: null });
    expect(f.said.at(-1)).toBe('claimed 7000 ');

    const g = fixture();
    await g.deposits.runDue();
    g.faults.cancel = lost();
    g.setStripeStatus('canceled');
    g.setNow('2026-12-16T12:00:00Z');
    expect(await g.deposits.runDue()).toEqual({ acted: 1, failures: [] });
    expect(g.store.rows.get(7)?.state).toBe('released');
    expect(g.said.at(-1)).toBe('released pi_ridgeline-deposit-key1');

    // Neither answered nor readable: pending, a failure the job retries; settled once stale.
    const h = fixture();
    await h.deposits.runDue();
    h.faults.cancel = lost();
    h.faults.retrieve = lost();
    h.setNow('2026-12-16T12:00:00Z');
    expect((await h.deposits.runDue()).failures).toHaveLength(1);
    expect(h.store.rows.get(7)).toMatchObject({ state: 'authorized', pendingAction: 'release' });
    delete h.faults.retrieve;
    h.setStripeStatus('canceled');
    h.setNow('2026-12-16T12:11:00Z');
    expect(await h.deposits.runDue()).toEqual({ acted: 1, failures: [] });
    expect(h.store.rows.get(7)?.state).toBe('released');
  });
});
