import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCents, priceStay } from '@ridgeline/core';
import { createQueryClient } from '@/lib/query-client';
import { AddBookingDialog } from './add-booking-dialog';

/**
 * "Add booking" shows the server's price of the stay before the amount paid is typed
 * ([bookings.owner-quote]), against a stubbed `GET /api/bookings/quote`.
 */

const QUOTE = priceStay('2027-01-20', '2027-01-23');
let answer: () => Response;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  answer = () => Response.json({ quote: QUOTE });
  fetchMock = vi.fn<typeof fetch>(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function openDialog() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AddBookingDialog />
    </QueryClientProvider>,
  );
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add booking' })));
  return screen.getByRole('dialog', { name: 'Add booking' });
}

const type = (dialog: HTMLElement, label: string, value: string) => act(async () => fireEvent.input(within(dialog).getByLabelText(label), { target: { value } }));
const price = (dialog: HTMLElement) => within(dialog).getByRole('status', { name: 'Price of the stay' });

describe('AddBookingDialog: the price first', () => {
  it('asks for the dates, then shows the server\'s quote above the amount paid', async () => {
    const dialog = await openDialog();
    expect(price(dialog).textContent).toBe('Price: Enter the dates and guests to see the price.');
    const amount = within(dialog).getByLabelText('Amount paid ($)');
    // The price comes before the amount in the form's order.
    expect(price(dialog).compareDocumentPosition(amount) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    await type(dialog, 'Check-in', '2027-01-20');
    await type(dialog, 'Check-out', '2027-01-23');
    await type(dialog, 'Guests', '3');
    await within(dialog).findByText(new RegExp(`total ${formatCents(QUOTE?.totalCents ?? 0).replace('$', '\\$')}`));
    expect(price(dialog).textContent).toContain(`3 nights`);
    expect(price(dialog).textContent).toContain(`card fee, not charged on money paid outside Stripe`);
    expect(String(fetchMock.mock.calls.at(-1)?.[0])).toBe('/api/bookings/quote?checkin=2027-01-20&checkout=2027-01-23&guests=3');
  });

  it("shows the server's refusal, and no price at all for an owner stay", async () => {
    answer = () => Response.json({ error: 'checkin: must not be in the past', field: 'checkin' }, { status: 400 });
    const dialog = await openDialog();
    await type(dialog, 'Check-in', '2026-01-20');
    await type(dialog, 'Check-out', '2026-01-23');
    await within(dialog).findByText(/No price: checkin: must not be in the past\./);
    await act(async () => fireEvent.click(within(dialog).getByRole('radio', { name: 'Owner stay' })));
    expect(within(dialog).queryByRole('status', { name: 'Price of the stay' })).toBeNull();
  });
});
