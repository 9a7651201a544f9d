import { writeFileSync } from 'node:fs';
import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { getBookingInquiry, listLedgerEntries } from '@ridgeline/core/node';
import { moneyCommands, type Model } from '../test-support/money-model/commands.js';
import { checkInvariants, type Sequence } from '../test-support/money-model/invariants.js';
import { asOwner, startMoneyWorld, type MoneyWorld } from '../test-support/money-model/world.js';
import { CARD_GUEST as GUEST } from '../test-support/payments-test-app.js';

/**
 * Issue 23's model-based money test (docs/architecture.md "Tests"): random sequences of up to 12
 * of the money actions (test-support/money-model/commands.ts) on one booking, driven through the real app, its job runner
 * and the Stripe stand-in, with the invariants of invariants.ts there checked after every step. Each
 * sequence gets its own database file and stand-in (a server restart rebuilds the app over the
 * file). MONEY_MODEL_RUNS sets how many sequences (200 by default); MONEY_MODEL_SEED replays one
 * run, MONEY_MODEL_PATH a failing sequence fast-check printed, MONEY_MODEL_SHRINK=1 shrinks a
 * failure. With MONEY_MODEL_REPORT (a file) every sequence runs even after a failure, and the
 * counts and the first failures are written there as JSON: `npm run bench -- --only money` runs
 * 5,000 so (bench/money.mjs) and prints how many passed. The test fails on any failed sequence.
 */

const RUNS = Number(process.env.MONEY_MODEL_RUNS ?? 200);
const START = '2026-11-21T15:00:00Z';
/** A stay 60 days ahead pays a 30% deposit and its balance 30 days before check-in; one 19 days ahead pays in full. */
const STAYS = {
  deposit: { checkin: '2027-01-20', checkout: '2027-01-23', guests: 2 },
  full: { checkin: '2026-12-10', checkout: '2026-12-13', guests: 2 },
  phone: { checkin: '2026-12-10', checkout: '2026-12-13', guests: 2 },
} as const;

/** "Book": the guest's checkout paid by card (the webhook confirms it), or the owner's phone booking, unpaid. */
async function book(w: MoneyWorld, variant: Model['variant']): Promise<Sequence> {
  const stay = STAYS[variant];
  let bookingId: number;
  if (variant === 'phone') {
    const res = await asOwner(w).post('/api/bookings', {
      kind: 'manual',
      ...stay,
      firstName: 'Mary',
      lastName: 'Jones',
      email: 'mary@example.com',
      phone: '555-0101',
      amountPaidCents: 0,
    });
    expect(res.status, res.text).toBe(201);
    bookingId = res.body.booking.id as number;
  } else {
    const total = (await request(w.app).get('/api/quote').query(stay).expect(200)).body.totalCents as number;
    const res = await request(w.app)
      .post('/api/create-payment-intent')
      .send({ amount: total / 100, bookingData: { ...stay, ...GUEST } });
    expect(res.status, res.text).toBe(200);
    expect(res.status).toBe(200);
    const { paymentIntentId } = res.body as { paymentIntentId: string };
    await w.stripe.confirm(paymentIntentId, 'pm_card_visa');
    bookingId = (
      w.db.prepare('SELECT id FROM booking_inquiries WHERE stripe_payment_intent_id = ?').get(paymentIntentId) as {
        id: number;
      }
    ).id;
    expect(getBookingInquiry(w.db, bookingId)?.status).toBe('confirmed');
  }
  const token = getBookingInquiry(w.db, bookingId)!.guestToken;
  return { w, bookingId, token, checkin: stay.checkin, checkout: stay.checkout, armed: false };
}

const SETTINGS = { depositBps: 3_000, balanceDueDays: 30, damageDepositCents: 50_000, damageDepositReleaseDays: 3 };

describe('the money model ([money.ledger], issue 23)', () => {
  it(
    `keeps the ledger, Stripe and the owner statement in step over ${RUNS} random sequences`,
    { timeout: Math.max(120_000, RUNS * 2_000) },
    async () => {
      const variant = fc.constantFrom<Model['variant']>('deposit', 'full', 'phone');
      const report = process.env.MONEY_MODEL_REPORT;
      const counts = {
        runs: 0,
        passed: 0,
        failed: 0,
        failures: [] as { sequence: string; error: string }[],
        kinds: {} as Record<string, number>,
      };
      await fc.assert(
        fc.asyncProperty(variant, fc.commands(moneyCommands, { maxCommands: 12 }), async (v, cmds) => {
          const w = await startMoneyWorld(START, SETTINGS);
          counts.runs += 1;
          try {
            const sequence = await book(w, v);
            await checkInvariants(sequence);
            await fc.asyncModelRun(() => ({ model: { variant: v }, real: sequence }), cmds);
            counts.passed += 1;
            // What the sequences reached: the kinds of ledger entries they ended with.
            for (const kind of new Set(listLedgerEntries(w.db, sequence.bookingId).map((e) => e.kind))) {
              counts.kinds[kind] = (counts.kinds[kind] ?? 0) + 1;
            }
          } catch (err) {
            counts.failed += 1;
            if (!report) throw err;
            if (counts.failures.length < 5)
              counts.failures.push({ sequence: `${v} ${String(cmds)}`, error: (err as Error).message.slice(0, 2_000) });
          } finally {
            await w.stop();
          }
        }),
        {
          numRuns: RUNS,
          ...(process.env.MONEY_MODEL_SEED ? { seed: Number(process.env.MONEY_MODEL_SEED) } : {}),
          ...(process.env.MONEY_MODEL_PATH ? { path: process.env.MONEY_MODEL_PATH } : {}),
          endOnFailure: process.env.MONEY_MODEL_SHRINK !== '1',
        },
      );
      if (report) writeFileSync(report, JSON.stringify(counts, null, 2));
      expect(counts.failures, `${counts.failed} of ${counts.runs} sequences failed`).toEqual([]);
      // The commands reach what the invariants are about: were one never reached, they would prove nothing of it.
      if (RUNS >= 200) {
        const reached = (kinds: string[]) => kinds.reduce((t, k) => t + (counts.kinds[k] ?? 0), 0);
        for (const kinds of [
          ['charge'],
          ['refund'],
          ['refund_failed'],
          ['dispute_opened'],
          ['dispute_won', 'dispute_lost'],
          ['authorization'],
          ['capture'],
          ['release'],
        ]) {
          expect(reached(kinds), `sequences that ended with a ${kinds.join(' or ')} entry`).toBeGreaterThan(0);
        }
      }
    },
  );
});
