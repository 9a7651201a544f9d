import type request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatCents, type TaxReport } from '@ridgeline/core';
import { listLedgerEntries } from '@ridgeline/core/node';
import { RECONCILE_JOB } from '../jobs/job-names.js';
import { payStayByCard, startPaymentsTestApp } from '../test-support/payments-test-app.js';
import { setTestPasswords, signedInAgent } from '../test-support/test-app.js';

/**
 * The reports read money received from the ledger ([reports.collected], [money.payout]): a refund
 * made only in Stripe's dashboard, its webhook lost and the reconciliation adding it, lowers the
 * owner statement's payouts and the revenue, while the tax report's booked figures stay.
 */

const NOW = new Date('2026-11-21T15:00:00Z');
const STAY = { checkin: '2026-12-10', checkout: '2026-12-13', guests: 2 };

let app: Awaited<ReturnType<typeof startPaymentsTestApp>>;
let admin: ReturnType<typeof request.agent>;
beforeEach(async () => {
  app = await startPaymentsTestApp('whsec_reports_ledger', () => NOW);
  await setTestPasswords(app.t.db);
  admin = await signedInAgent(app.t.app);
});
afterEach(() => app.stop());

const paidBooking = () => payStayByCard(app, STAY);

const payouts = async () => {
  const html = (await admin.get('/api/reports/statement?year=2026').expect(200)).text;
  return /Payouts<strong>([^<]+)<\/strong>/.exec(html)?.[1];
};

describe('reports read the ledger ([reports.collected], [money.payout])', () => {
  it('a refund made only at Stripe, reconciled into the ledger, lowers the statement’s payouts; the tax report’s booked figures stay', async () => {
    const { id, total, paymentIntentId } = await paidBooking();
    expect(await payouts()).toBe(formatCents(total));
    const taxBefore = (await admin.get('/api/reports/tax?year=2026').expect(200)).body as TaxReport;
    expect(taxBefore.stays).toEqual([expect.objectContaining({ bookingId: id, totalPaidCents: total })]);

    // The owner refunds $100 in Stripe's dashboard; its webhook never arrives.
    app.stripe.setWebhook(undefined);
    await app.stripe.refund(paymentIntentId, 10_000);
    expect(await payouts()).toBe(formatCents(total));
    await app.t.deps.jobs!.runNow(RECONCILE_JOB);
    expect(listLedgerEntries(app.t.db, id).filter((e) => e.kind === 'refund')).toEqual([
      expect.objectContaining({ amountCents: 10_000, source: 'reconcile' }),
    ]);

    expect(await payouts()).toBe(formatCents(total - 10_000));
    const tax = (await admin.get('/api/reports/tax?year=2026').expect(200)).body as TaxReport;
    // Taxes and the subtotal are the booked stay's ([reports.booked-value]); what was paid is the ledger's.
    expect(tax.totals).toEqual(taxBefore.totals);
    expect(tax.stays[0]).toMatchObject({
      totalPaidCents: total,
      taxableSubtotalCents: taxBefore.stays[0]!.taxableSubtotalCents,
    });
  });

  it('a dispute holds its amount out of the payouts until won ([money.payout])', async () => {
    const { total, paymentIntentId } = await paidBooking();
    const dispute = await app.stripe.dispute(paymentIntentId, { amount: 20_000 });
    expect(await payouts()).toBe(formatCents(total - 20_000));
    await app.stripe.closeDispute(dispute.id, 'won');
    expect(await payouts()).toBe(formatCents(total));
  });
});
