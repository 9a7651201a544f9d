import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { priceStay } from '../../pricing/pricing.js';
import { attachPaymentIntent, closedNights, getHold, placeHold, type HoldGuest } from './stays-store.js';
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
