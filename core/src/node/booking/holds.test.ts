import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceStay } from '../../pricing/pricing.js';
import { addDays } from '../../shared/dates.js';
import { attachPaymentIntent, closedNights, getHold, placeHold, releaseHold, type HoldGuest } from './stays-store.js';
import { createTestDatabase } from '../test-db.js';

let t: ReturnType<typeof createTestDatabase>;
beforeEach(() => (t = createTestDatabase()));
afterEach(() => t.cleanup());

const NOW = new Date('2026-11-21T15:00:00Z');
const who = (email: string, ipAddress: string): HoldGuest => ({ firstName: 'A', lastName: 'B', email, phone: '', location: '', ipAddress, message: '', specialRequests: '' });
const stayOf = (checkin: string, checkout: string, guest: HoldGuest) => ({ checkin, checkout, guests: 2, guest, quote: priceStay(checkin, checkout)! });
const none = new Set<number>();

describe('placeHold: one live hold per guest e-mail and per client IP ([checkout.hold-abuse])', () => {
  it('releases an earlier hold still waiting for its PaymentIntent; that request can then no longer attach one', () => {
    const first = placeHold(t.db, stayOf('2026-12-10', '2026-12-12', who('ann@example.com', '198.51.100.1')), NOW);
    const second = placeHold(t.db, stayOf('2027-01-10', '2027-01-12', who('bo@example.com', '198.51.100.1')), NOW);
    if (!first.ok || !second.ok) throw new Error('both should be placed');
    expect(second.replaced).toEqual([first.hold.id]);
    expect(getHold(t.db, first.hold.id)?.status).toBe('released');
    expect(attachPaymentIntent(t.db, first.hold.id, 'pi_late')).toBe(false);
    expect(attachPaymentIntent(t.db, second.hold.id, 'pi_new')).toBe(true);
    expect(closedNights(t.db, '2026-12-10', '2026-12-12', NOW)).toEqual([]);
  });

  it('asks for the earlier PaymentIntent to be cancelled first, changing nothing, then releases it once cancelled', () => {
    const first = placeHold(t.db, stayOf('2026-12-10', '2026-12-12', who('ann@example.com', '198.51.100.1')), NOW);
    if (!first.ok) throw new Error('placed');
    attachPaymentIntent(t.db, first.hold.id, 'pi_first');
    const next = stayOf('2027-01-10', '2027-01-12', who('Ann@Example.com', '203.0.113.5'));
    const asked = placeHold(t.db, next, NOW);
    expect(asked).toMatchObject({ ok: false, reason: 'replace', holds: [{ id: first.hold.id, paymentIntentId: 'pi_first' }] });
    expect(t.db.prepare("SELECT COUNT(*) AS n FROM holds WHERE status = 'held'").get()).toEqual({ n: 1 });
    const placed = placeHold(t.db, next, NOW, { cancelled: new Set([first.hold.id]), paid: none });
    expect(placed).toMatchObject({ ok: true, replaced: [first.hold.id] });
    expect(getHold(t.db, first.hold.id)?.status).toBe('released');
  });

  it('keeps a paid earlier hold, whose nights stay closed, and leaves other guests elsewhere alone', () => {
    const paid = placeHold(t.db, stayOf('2026-12-10', '2026-12-12', who('ann@example.com', '198.51.100.1')), NOW);
    const other = placeHold(t.db, stayOf('2027-02-10', '2027-02-12', who('cy@example.com', '203.0.113.9')), NOW);
    if (!paid.ok || !other.ok) throw new Error('placed');
    attachPaymentIntent(t.db, paid.hold.id, 'pi_paid');
    const settled = { cancelled: none, paid: new Set([paid.hold.id]) };
    expect(placeHold(t.db, stayOf('2026-12-11', '2026-12-13', who('ann@example.com', '198.51.100.1')), NOW, settled)).toEqual({
      ok: false,
      reason: 'closed',
      closedDates: ['2026-12-11'],
    });
    expect(placeHold(t.db, stayOf('2027-01-10', '2027-01-12', who('ann@example.com', '198.51.100.1')), NOW, settled)).toMatchObject({ ok: true, replaced: [] });
    expect(getHold(t.db, paid.hold.id)?.status).toBe('held');
    expect(getHold(t.db, other.hold.id)?.status).toBe('held');
  });

  it('gives every hold its own random idempotency key', () => {
    const a = placeHold(t.db, stayOf('2026-12-10', '2026-12-12', who('a@example.com', '198.51.100.1')), NOW);
    const b = placeHold(t.db, stayOf('2027-01-10', '2027-01-12', who('b@example.com', '198.51.100.2')), NOW);
    if (!a.ok || !b.ok) throw new Error('placed');
    expect(a.hold.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.hold.idempotencyKey).not.toBe(a.hold.idempotencyKey);
  });
});

describe('placeHold: one live hold per client, a client being `clientKey` ([checkout.hold-abuse])', () => {
  it('replaces the hold of the same client key whatever the exact address, keeping each exact address with its guest', () => {
    const first = placeHold(t.db, { ...stayOf('2026-12-10', '2026-12-12', who('ann@example.com', '2001:db8:1:2::1')), clientKey: '2001:db8:1:2::/64' }, NOW);
    const other = placeHold(t.db, { ...stayOf('2027-02-10', '2027-02-12', who('cy@example.com', '2001:db8:1:3::1')), clientKey: '2001:db8:1:3::/64' }, NOW);
    const second = placeHold(t.db, { ...stayOf('2027-01-10', '2027-01-12', who('bo@example.com', '2001:db8:1:2::2')), clientKey: '2001:db8:1:2::/64' }, NOW);
    if (!first.ok || !other.ok || !second.ok) throw new Error('placed');
    expect(second.replaced).toEqual([first.hold.id]);
    expect(getHold(t.db, other.hold.id)?.status).toBe('held');
    expect(second.hold).toMatchObject({ clientKey: '2001:db8:1:2::/64', guest: { ipAddress: '2001:db8:1:2::2' } });
  });

  it('without a client key, the exact address is the client', () => {
    const first = placeHold(t.db, stayOf('2026-12-10', '2026-12-12', who('ann@example.com', '198.51.100.1')), NOW);
    if (!first.ok) throw new Error('placed');
    expect(first.hold.clientKey).toBe('198.51.100.1');
  });
});

describe('placeHold: live holds close at most `maxHeldNights` nights together ([checkout.hold-cap])', () => {
  /** `nights` nights from `checkin` for guest number `n` (own e-mail and address). */
  const guestStay = (n: number, checkin: string, nights: number) => stayOf(checkin, addDays(checkin, nights), who(`g${n}@example.com`, `198.51.100.${n}`));
  const holdCount = () => (t.db.prepare('SELECT COUNT(*) AS n FROM holds').get() as { n: number }).n;

  it('refuses, changing nothing, a hold that would pass the cap; up to it exactly is fine', () => {
    expect(placeHold(t.db, guestStay(1, '2027-01-01', 4), NOW, undefined, 10)).toMatchObject({ ok: true });
    expect(placeHold(t.db, guestStay(2, '2027-02-01', 4), NOW, undefined, 10)).toMatchObject({ ok: true });
    expect(placeHold(t.db, guestStay(3, '2027-03-01', 3), NOW, undefined, 10)).toEqual({ ok: false, reason: 'held-nights', maxHeldNights: 10, freeAt: '2026-11-21T15:15:00.000Z' });
    expect(holdCount()).toBe(2);
    expect(placeHold(t.db, guestStay(3, '2027-03-01', 2), NOW, undefined, 10)).toMatchObject({ ok: true });
  });

  it('defaults to 60 nights (MAX_HELD_NIGHTS unset)', () => {
    expect(placeHold(t.db, guestStay(1, '2027-01-01', 59), NOW)).toMatchObject({ ok: true });
    expect(placeHold(t.db, guestStay(2, '2027-04-01', 2), NOW)).toMatchObject({ ok: false, reason: 'held-nights', maxHeldNights: 60 });
    expect(placeHold(t.db, guestStay(2, '2027-04-01', 1), NOW)).toMatchObject({ ok: true });
  });

  it('counts only live holds inside their 15 minutes: not expired, released or converted ones', () => {
    const expired = placeHold(t.db, guestStay(1, '2027-01-01', 5), new Date(NOW.getTime() - 15 * 60_000));
    const released = placeHold(t.db, guestStay(2, '2027-02-01', 5), NOW);
    const converted = placeHold(t.db, guestStay(3, '2027-03-01', 5), NOW);
    if (!expired.ok || !released.ok || !converted.ok) throw new Error('placed');
    releaseHold(t.db, released.hold.id);
    t.db.prepare("UPDATE holds SET status = 'converted' WHERE id = ?").run(converted.hold.id);
    // The expired one still keeps its own nights until the sweeper settles it ([checkout.hold-expiry]).
    expect(closedNights(t.db, '2027-01-01', '2027-01-06', NOW)).toHaveLength(5);
    expect(placeHold(t.db, guestStay(4, '2027-04-01', 5), NOW, undefined, 5)).toMatchObject({ ok: true });
  });

  it("does not count the guest's own earlier hold that the new one replaces", () => {
    const first = placeHold(t.db, guestStay(1, '2027-01-01', 4), NOW, undefined, 6);
    if (!first.ok) throw new Error('placed');
    const again = placeHold(t.db, guestStay(1, '2027-02-01', 6), NOW, undefined, 6);
    expect(again).toMatchObject({ ok: true, replaced: [first.hold.id] });
  });

  it('answers when enough holds expire for the stay (the first to expire first), or null for a stay longer than the cap', () => {
    placeHold(t.db, guestStay(1, '2027-01-01', 2), new Date(NOW.getTime() - 10 * 60_000));
    placeHold(t.db, guestStay(2, '2027-02-01', 2), new Date(NOW.getTime() - 5 * 60_000));
    placeHold(t.db, guestStay(3, '2027-03-01', 2), NOW);
    // 6 nights held, expiring 2 at 15:05, 2 at 15:10 and 2 at 15:15; the cap is 7.
    const asking = (nights: number) => placeHold(t.db, guestStay(4, '2027-04-01', nights), NOW, undefined, 7);
    expect(asking(3)).toMatchObject({ reason: 'held-nights', freeAt: '2026-11-21T15:05:00.000Z' });
    expect(asking(5)).toMatchObject({ reason: 'held-nights', freeAt: '2026-11-21T15:10:00.000Z' });
    expect(asking(7)).toMatchObject({ reason: 'held-nights', freeAt: '2026-11-21T15:15:00.000Z' });
    expect(asking(8)).toMatchObject({ reason: 'held-nights', freeAt: null });
    expect(asking(1)).toMatchObject({ ok: true });
  });

  it('a closed night answers `closed` before the cap', () => {
    placeHold(t.db, guestStay(1, '2027-01-01', 5), NOW, undefined, 5);
    expect(placeHold(t.db, guestStay(2, '2027-01-03', 2), NOW, undefined, 5)).toMatchObject({ ok: false, reason: 'closed' });
  });
});
