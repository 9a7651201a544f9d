import type request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookingLedgerResponseSchema } from '@ridgeline/core';
import { listOwnerNotices } from '@ridgeline/core/node';
import { RECONCILE_JOB } from '../jobs/job-names.js';
import { payStayByCard, startPaymentsTestApp } from '../test-support/payments-test-app.js';
import { setTestPasswords, signedInAgent } from '../test-support/test-app.js';

/**
 * A refund Stripe reports `failed` after it was `pending` ([money.refund-failed]): the ledger
 * records a `refund_failed` entry reversing it, so refunded, refundable and the payout are right
 * again, and the owner is told once; the reconciliation finds it too when the webhook is lost.
 */

const NOW = new Date('2026-11-21T15:00:00Z');
const STAY = { checkin: '2026-12-10', checkout: '2026-12-13', guests: 2 };

let app: Awaited<ReturnType<typeof startPaymentsTestApp>>;
let admin: ReturnType<typeof request.agent>;
beforeEach(async () => {
  app = await startPaymentsTestApp('whsec_refund_failed', () => NOW);
  await setTestPasswords(app.t.db);
  admin = await signedInAgent(app.t.app);
});
afterEach(() => app.stop());

async function cancelledWithPendingRefund() {
  const { id, total, paymentIntentId } = await payStayByCard(app, STAY);
  app.stripe.refundsPending(true);
  const cancel = await admin.post(`/api/bookings/${id}/cancel`).send({ refundCents: total }).expect(200);
  expect(cancel.body.refund).toMatchObject({ amountCents: total, status: 'pending' });
  const refund = app.stripe.refunds.find((r) => r.payment_intent === paymentIntentId)!;
  expect(refund.status).toBe('pending');
  return { id, total, paymentIntentId, refundId: refund.id };
}

const ledger = async (id: number) =>
  bookingLedgerResponseSchema.parse((await admin.get(`/api/bookings/${id}/ledger`).expect(200)).body);
const failedNotices = (id: number) =>
  listOwnerNotices(app.t.db).filter(
    (n) => n.bookingId === id && n.kind === 'money' && n.subject.startsWith('Refund failed'),
  );

describe('a refund Stripe later reports failed ([money.refund-failed])', () => {
  it('is reversed in the ledger once: refunded and refundable are right again, and the owner is told', async () => {
    const { id, total, paymentIntentId, refundId } = await cancelledWithPendingRefund();
    expect(await ledger(id)).toMatchObject({ refundedCents: total, refundableCents: 0, payoutCents: 0 });

    await app.stripe.failRefund(refundId);
    const money = await ledger(id);
    expect(money.entries.map((e) => [e.kind, e.amountCents, e.stripeObjectId, e.balanceCents])).toEqual([
      ['charge', total, paymentIntentId, total],
      ['refund', total, refundId, 0],
      ['refund_failed', total, refundId, total],
    ]);
    expect(money.entries.at(-1)).toMatchObject({
      source: 'stripe',
      paymentIntentId,
      note: 'Refund failed at Stripe: expired or canceled card',
    });
    expect(money).toMatchObject({
      paidCents: total,
      refundedCents: 0,
      refundableCents: total,
      payoutCents: total,
      netPaidCents: total,
    });
    expect(money.intents).toEqual([
      expect.objectContaining({ paymentIntentId, refundedCents: 0, refundableCents: total }),
    ]);
    expect(failedNotices(id)).toEqual([
      expect.objectContaining({ text: expect.stringContaining(`refund ${refundId}`) }),
    ]);
    expect(failedNotices(id)[0]!.text).toContain('expired or canceled card');

    // The reconciliation reads the same from Stripe: nothing twice, no finding.
    await app.t.deps.jobs!.runNow(RECONCILE_JOB);
    expect(app.t.deps.jobs!.statusOf(RECONCILE_JOB)).toMatchObject({ lastError: null });
    expect((await ledger(id)).entries).toHaveLength(3);
    expect(
      listOwnerNotices(app.t.db).filter((n) => n.bookingId === id && n.subject.startsWith('Money to check')),
    ).toEqual([]);
    expect(failedNotices(id)).toHaveLength(1);
  });

  it('its webhook lost, the reconciliation records the reversal', async () => {
    const { id, total, refundId } = await cancelledWithPendingRefund();
    app.stripe.setWebhook(undefined);
    await app.stripe.failRefund(refundId, 'lost_or_stolen_card');
    expect((await ledger(id)).refundedCents).toBe(total);
    await app.t.deps.jobs!.runNow(RECONCILE_JOB);
    const money = await ledger(id);
    expect(money.entries.at(-1)).toMatchObject({
      kind: 'refund_failed',
      amountCents: total,
      stripeObjectId: refundId,
      source: 'reconcile',
    });
    expect(money).toMatchObject({ refundedCents: 0, refundableCents: total });
    expect(
      listOwnerNotices(app.t.db).filter((n) => n.bookingId === id && n.subject.startsWith('Money to check')),
    ).toEqual([]);
  });

  it('the stand-in refuses to fail a refund that is not pending', async () => {
    const { refundId } = await cancelledWithPendingRefund();
    await app.stripe.failRefund(refundId);
    await expect(app.stripe.failRefund(refundId)).rejects.toThrow(/not pending/);
    await expect(app.stripe.failRefund('re_nope')).rejects.toThrow(/no refund/);
  });
});
