import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineRefundNote, type GuestStay } from '@ridgeline/core';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import GuestPage from './guest-page';

/** The guest's page ([guest.page], [guest.cancel]) against a stubbed API. */

const TOKEN = 'abcdefghijklmnopqrstuvwx';
const STAY: GuestStay = {
  reference: 12,
  firstName: 'Ann',
  lastName: 'Lee',
  checkin: '2026-12-10',
  checkout: '2026-12-12',
  nights: 2,
  guests: 4,
  kind: 'direct',
  status: 'confirmed',
  amountPaidCents: 116_699,
  refundedCents: 0,
  receipt: [
    { label: '2 nights × $300.00', cents: 60_000, kind: 'line' },
    { label: 'Subtotal', cents: 103_000, kind: 'subtotal' },
    { label: 'Total', cents: 116_699, kind: 'total' },
  ],
  checkInTime: '16:00',
  checkOutTime: '10:00',
  property: { name: 'Ridgeline', address: 'Blue Ridge, Fannin County, GA, US', phone: '+1 (706) 555-0142', email: 'stay@example.com' },
  cancellationPolicy: ['Full refund if you cancel at least 14 days before check-in (by Nov 26, 2026).', 'No refund if you cancel later.'],
  refundTodayCents: 116_699,
  canCancel: true,
  cancelledAt: null,
  cancelledBy: null,
};
const CANCELLED: GuestStay = { ...STAY, status: 'cancelled', canCancel: false, refundTodayCents: 0, refundedCents: 116_699, cancelledAt: '2026-11-20T15:00:00.000Z', cancelledBy: 'guest' };

let answers: { get: () => Response; cancel: () => Response };
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  answers = { get: () => Response.json({ booking: STAY }), cancel: () => Response.json({ booking: CANCELLED, refund: { amountCents: 116_699, status: 'succeeded' } }) };
  fetchMock = vi.fn<typeof fetch>(async (input, init) => (String(input).endsWith('/cancel') && init?.method === 'POST' ? answers.cancel() : answers.get()));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage(token = TOKEN) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Router hook={memoryLocation({ path: `/stay/${token}` }).hook}>
        <Route path="/stay/:token">
          <GuestPage />
        </Route>
      </Router>
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('GuestPage', () => {
  it('shows the stay, its receipt and the refund of cancelling today', async () => {
    renderPage();
    // A toast of an earlier test may still be in the toaster's own status region.
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContainEqual(expect.stringContaining('Loading your booking...'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your stay at Ridgeline' })).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Your booking' });
    expect(details.textContent).toContain('Check-in from 4:00 PM');
    expect(details.textContent).toContain('Check-out by 10:00 AM');
    expect(details.textContent).toContain('Blue Ridge, Fannin County, GA, US');
    expect(screen.getByRole('region', { name: 'Receipt' }).textContent).toContain('Total$1,166.99');
    expect(screen.getByRole('region', { name: 'Cancellation policy' }).textContent).toContain('If you cancel today you will be refunded $1,166.99.');
    expect(fetchMock).toHaveBeenCalledWith(`/api/stay/${TOKEN}`, expect.anything());
  });

  it('shows the maximum occupancy and the 24/7 local contact ([compliance.occupancy], [compliance.contact])', async () => {
    answers.get = () => Response.json({ booking: { ...STAY, house: { maxOccupancy: 10, localContact: { name: 'Dana Reyes', phone: '(706) 555-0199' } } } });
    renderPage();
    const details = await screen.findByRole('region', { name: 'Your booking' });
    expect(details.textContent).toContain('Maximum occupancy10 persons');
    expect(details.textContent).toContain('Local contact, 24/7: Dana Reyes, (706) 555-0199');
    expect(within(details).getByRole('link', { name: '(706) 555-0199' }).getAttribute('href')).toBe('tel:7065550199');
  });

  it('asks before cancelling, then shows the booking cancelled with its refund', async () => {
    renderPage();
    const cancel = await screen.findByRole('button', { name: 'Cancel booking' });
    fireEvent.click(cancel);
    const dialog = screen.getByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog.textContent).toContain('You will be refunded $1,166.99');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep booking' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel booking' })));
    expect(await screen.findByText('This booking was cancelled on November 20, 2026.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Receipt' }).textContent).toContain('Refunded$1,166.99');
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).toBeNull();
    expect(await screen.findByText('Booking cancelled')).toBeTruthy();
  });

  it('says why a cancel failed and shows the booking as it now stands', async () => {
    answers.cancel = () => Response.json({ error: 'This booking is already cancelled' }, { status: 409 });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    answers.get = () => Response.json({ booking: CANCELLED });
    await act(async () => fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, cancel booking' })));
    expect((await within(screen.getByRole('dialog')).findByRole('alert')).textContent).toContain('This booking is already cancelled');
    expect(await screen.findByText('This booking was cancelled on November 20, 2026.')).toBeTruthy();
  });

  it('says how money paid by cash comes back, before and after the cancel ([money.offline-refund])', async () => {
    // A phone booking: $500 in cash, the rest by card.
    const cash = { ...STAY, kind: 'manual' as const, refundTodayCents: 66_699, offlinePaidCents: 50_000, offlineRefundedCents: 0, offlineRefundNote: offlineRefundNote({ offlinePaidCents: 50_000, offlineRefundedCents: 0 }) };
    const cancelled = {
      ...cash,
      ...{ status: 'cancelled' as const, canCancel: false, refundTodayCents: 0, cancelledAt: '2026-11-20T15:00:00.000Z', cancelledBy: 'owner' as const },
      refundedCents: 116_699,
      offlineRefundedCents: 50_000,
      offlineRefundNote: offlineRefundNote({ offlinePaidCents: 50_000, offlineRefundedCents: 50_000 }),
    };
    answers.get = () => Response.json({ booking: cash });
    renderPage();
    await screen.findByRole('button', { name: 'Cancel booking' });
    const policy = screen.getByRole('region', { name: 'Cancellation policy' });
    expect(policy.textContent).toContain('If you cancel today you will be refunded $666.99.');
    expect(policy.textContent).toContain('You paid $500.00 by cash, check or bank transfer. A refund of money paid that way is never made to a card: the owner gives it back the same way it was paid.');

    cleanup();
    answers.get = () => Response.json({ booking: cancelled });
    renderPage();
    expect(await screen.findByText('This booking was cancelled on November 20, 2026.')).toBeTruthy();
    const after = screen.getByRole('region', { name: 'Cancellation policy' }).textContent;
    // Only the card's part went back to the card; the cash went back as it came.
    expect(after).toContain('$666.99 was refunded to the card you paid with.');
    expect(after).toContain('$500.00 of it was given back to you the same way.');
  });

  it('says "We could not find this booking" for a 404', async () => {
    answers.get = () => Response.json({ error: 'We could not find this booking' }, { status: 404 });
    renderPage('nope');
    expect(await screen.findByRole('heading', { name: 'We could not find this booking' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
