import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CANCELLATION_POLICY, type Booking, type RefundQuoteResponse } from '@ridgeline/core';
import { testBooking, testGuest } from '@ridgeline/core/testing/builders';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { OwnerCancelButton } from './owner-cancel-dialog';

/**
 * The owner's cancel dialog ([booking.cancel], [money.offline-refund], [money.refund-incomplete])
 * against a stubbed API: what was paid by card and outside Stripe, both refunds checked with the
 * route's schema before sending, and a refund that did not finish shown part by part.
 */

const BOOKING: Booking = testBooking({
  id: 7,
  ...testGuest({ firstName: 'Mary', lastName: 'Jones', email: 'mary@example.com' }),
  checkin: '2027-01-20',
  checkout: '2027-01-23',
  createdAt: '2026-11-21T15:00:00.000Z',
  stripePaymentIntentId: 'pi_link',
  kind: 'manual',
  amountPaidCents: 150_000,
  guestToken: 'token',
});
// $500 in cash, $1,000 by the payment link.
const QUOTE: RefundQuoteResponse = {
  policyRefundCents: 100_000,
  refundableCents: 100_000,
  policy: DEFAULT_CANCELLATION_POLICY,
  policyLines: ['Full refund if you cancel at least 14 days before check-in.'],
  cardPaidCents: 100_000,
  offlinePaidCents: 50_000,
  offlineRefundableCents: 50_000,
  unfinishedRefund: null,
};

let quote: RefundQuoteResponse;
let cancelAnswer: () => Response;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  quote = QUOTE;
  cancelAnswer = () => Response.json({ booking: { ...BOOKING, status: 'cancelled', cancelledAt: '2026-11-21T15:00:00.000Z', cancelledBy: 'owner' }, refund: { id: 1, amountCents: 100_000, status: 'succeeded', stripeRefundId: 're_1' } });
  fetchMock = vi.fn<typeof fetch>(async (input, init) => (init?.method === 'POST' ? cancelAnswer() : Response.json(quote)));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openDialog(booking: Booking = BOOKING) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <OwnerCancelButton booking={booking} />
      <Toaster />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: `Cancel booking of ${booking.firstName} ${booking.lastName}` }));
  const dialog = screen.getByRole('dialog', { name: 'Cancel booking' });
  const amount = (await within(dialog).findByLabelText('Refund amount')) as HTMLInputElement;
  // The form starts at the policy's refund once the quote is in (an effect after that render):
  // typing before it would be reset.
  await waitFor(() => expect(amount.value).not.toBe(''));
  return dialog;
}
const type = (dialog: HTMLElement, label: string, value: string) => fireEvent.change(within(dialog).getByLabelText(label), { target: { value } });
const submit = (dialog: HTMLElement) => act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel and refund' })));
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('OwnerCancelButton', () => {
  it('shows what was paid by card and outside Stripe, and sends both refunds with the method', async () => {
    const dialog = await openDialog();
    expect(dialog.textContent).toContain('Paid by card: $1,000.00 · Paid outside Stripe: $500.00');
    expect((within(dialog).getByLabelText('Refund amount') as HTMLInputElement).value).toBe('1000');
    type(dialog, 'Given back outside Stripe', '500');
    fireEvent.change(within(dialog).getByLabelText('How'), { target: { value: 'check' } });
    type(dialog, 'Reason', 'Storm');
    await submit(dialog);
    expect(posts()).toHaveLength(1);
    const [url, init] = posts()[0]!;
    expect(url).toBe('/api/bookings/7/cancel');
    expect(JSON.parse(String(init?.body))).toEqual({ refundCents: 100_000, reason: 'Storm', offlineRefundCents: 50_000, offlineMethod: 'check' });
    expect((await screen.findByText('Booking cancelled', { exact: true })).closest('li')?.textContent).toContain("Refunded $1,000.00 to the guest's card. $500.00 given back by check is recorded.");
  });

  it('refuses more than can be given back outside Stripe without sending, and shows the server refusing it on the field', async () => {
    const dialog = await openDialog();
    type(dialog, 'Given back outside Stripe', '500.01');
    await submit(dialog);
    expect(within(dialog).getByText('At most $500.00 can be given back outside Stripe')).toBeTruthy();
    expect(within(dialog).getByLabelText('Given back outside Stripe').getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toEqual([]);

    // The ledger changed meanwhile: the server's 400 names the field.
    cancelAnswer = () => Response.json({ error: 'offlineRefundCents: must be at most $300.00 (what was paid outside Stripe and not given back)', field: 'offlineRefundCents', offlineRefundableCents: 30_000 }, { status: 400 });
    type(dialog, 'Given back outside Stripe', '400');
    await submit(dialog);
    expect(await within(dialog).findByText('must be at most $300.00 (what was paid outside Stripe and not given back)')).toBeTruthy();
  });

  it('hides the offline refund for a booking paid by card only', async () => {
    quote = { ...QUOTE, offlinePaidCents: 0, offlineRefundableCents: 0 };
    const dialog = await openDialog();
    expect(dialog.textContent).toContain('Paid by card: $1,000.00');
    expect(dialog.textContent).not.toContain('Paid outside Stripe');
    expect(within(dialog).queryByLabelText('Given back outside Stripe')).toBeNull();
  });

  it('shows a refund that did not finish, part by part with Stripe\'s message, and starts at what is missing', async () => {
    const twoParts = { ...BOOKING, kind: 'direct' as const, stripePaymentIntentId: 'pi_dep', balance: { status: 'paid' as const, amountCents: 70_000, dueDate: '2026-12-21', attempts: 1, nextAttemptAt: null, lastError: null, paidAt: '2026-12-21T15:00:00.000Z', paymentIntentId: 'pi_bal' } };
    quote = {
      ...QUOTE,
      policyRefundCents: 20_000,
      refundableCents: 20_000,
      cardPaidCents: 100_000,
      offlinePaidCents: 0,
      offlineRefundableCents: 0,
      unfinishedRefund: {
        id: 3,
        amountCents: 70_000,
        status: 'incomplete',
        source: 'guest',
        reason: 'Plans changed',
        movedCents: 70_000,
        missingCents: 30_000,
        parts: [
          { position: 0, paymentIntentId: 'pi_bal', amountCents: 70_000, status: 'succeeded', stripeRefundId: 're_1', error: '' },
          { position: 1, paymentIntentId: 'pi_dep', amountCents: 30_000, status: 'failed', stripeRefundId: null, error: 'Refund amount ($300.00) is greater than unrefunded amount on charge ($200.00)' },
        ],
      },
    };
    const dialog = await openDialog(twoParts);
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toContain("Part of this cancellation's refund failed: $700.00 went back to the card, $300.00 did not.");
    expect(alert.textContent).toContain('$700.00 from the balance: refunded');
    expect(alert.textContent).toContain('$300.00 from the deposit: failed (Refund amount ($300.00) is greater than unrefunded amount on charge ($200.00))');
    expect(dialog.textContent).toContain('Left to refund by card: $200.00');
    expect((within(dialog).getByLabelText('Refund amount') as HTMLInputElement).value).toBe('200');
    expect((within(dialog).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('Plans changed');
    // Card money goes back by card only: nothing to give back outside Stripe here. 0 cancels without the rest.
    expect(within(dialog).queryByLabelText('Given back outside Stripe')).toBeNull();
    type(dialog, 'Refund amount', '0');
    await submit(dialog);
    expect(JSON.parse(String(posts()[0]![1]?.body))).toEqual({ refundCents: 0, reason: 'Plans changed' });
  });
});
