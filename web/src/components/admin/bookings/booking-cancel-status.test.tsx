import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UnfinishedRefund } from '@ridgeline/core';
import { BookingCancelStatus } from './booking-cancel-status';

/** The badges beside a booking's payment status ([booking.cancel], [money.refund-incomplete]). */

afterEach(cleanup);

const refund = (status: 'incomplete' | 'requested'): UnfinishedRefund => ({
  id: 1,
  amountCents: 70_000,
  status,
  source: 'owner',
  reason: '',
  movedCents: 70_000,
  missingCents: status === 'incomplete' ? 30_000 : 0,
  parts: [
    { position: 0, paymentIntentId: 'pi_bal', amountCents: 70_000, status: 'succeeded', stripeRefundId: 're_1', error: '' },
    { position: 1, paymentIntentId: 'pi_dep', amountCents: 30_000, status: status === 'incomplete' ? 'failed' : 'planned', stripeRefundId: null, error: status === 'incomplete' ? 'Charge is disputed' : '' },
  ],
});
const base = { status: 'confirmed' as const, refundedCents: 70_000, disputeStatus: null, cancelledAt: null };

describe('BookingCancelStatus', () => {
  it('says a refund is incomplete with what failed, and Stripe\'s message on hover', () => {
    render(<BookingCancelStatus booking={{ ...base, unfinishedRefund: refund('incomplete') }} />);
    const badge = screen.getByText('Refund incomplete: $300.00 failed');
    expect(badge.getAttribute('title')).toBe('Charge is disputed');
    expect(screen.getByText('Refunded $700.00')).toBeTruthy();
  });

  it('says a refund waits for Stripe, and nothing without an unfinished refund', () => {
    render(<BookingCancelStatus booking={{ ...base, unfinishedRefund: refund('requested') }} />);
    expect(screen.getByText('Refund waiting for Stripe')).toBeTruthy();
    cleanup();
    render(<BookingCancelStatus booking={{ ...base, unfinishedRefund: null }} />);
    expect(screen.queryByText(/Refund (incomplete|waiting)/)).toBeNull();
  });
});
