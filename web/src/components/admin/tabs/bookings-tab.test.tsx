import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { priceStay, type Booking } from '@ridgeline/core';
import { testBooking } from '@ridgeline/core/testing/builders';
import { createQueryClient } from '@/lib/query-client';
import { BookingsTab } from './bookings-tab';

/**
 * The Bookings tab ([bookings.list], [bookings.find]) against a fetch stand-in of
 * `GET /api/booking-inquiries` and `GET /api/payments/config`, on 2 December 2026 in the
 * property's time zone: search, filters, sort, the table toggle, paging, the test buttons.
 */

let bookings: Booking[];
let testMode: boolean;

beforeEach(() => {
  // Noon in Blue Ridge: the property's date is 2026-12-02.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-02T17:00:00.000Z'));
  testMode = false;
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = String(input);
      if (url === '/api/booking-inquiries') return Response.json(bookings);
      if (url === '/api/payments/config') return Response.json({ available: testMode, publishableKey: testMode ? 'pk_test_x' : null, testMode });
      return Response.json({ error: `unexpected ${url}` }, { status: 404 });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const guest = (id: number, firstName: string, checkin: string, checkout: string, over: Partial<Booking> = {}) =>
  testBooking({ id, firstName, lastName: 'Guest', email: `${firstName.toLowerCase()}@example.com`, checkin, checkout, quote: priceStay(checkin, checkout) ?? null, createdAt: `2026-11-${String(id).padStart(2, '0')}T10:00:00.000Z`, ...over });

const FEW = [
  guest(1, 'Pat', '2026-10-01', '2026-10-04'),
  guest(2, 'Sue', '2026-12-10', '2026-12-12'),
  guest(3, 'Ina', '2026-11-30', '2026-12-03', { kind: 'manual', paymentStatus: 'partially_paid', amountPaidCents: 10_000, notes: 'Paid $100 by check' }),
  guest(4, 'Sam', '2027-01-04', '2027-01-06', { kind: 'owner', paymentStatus: 'not_applicable', quote: null }),
  guest(5, 'Cal', '2026-12-20', '2026-12-22', { status: 'cancelled', cancelledAt: '2026-11-20T10:00:00.000Z' }),
];

async function renderTab(list: Booking[] = FEW) {
  bookings = list;
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BookingsTab />
    </QueryClientProvider>,
  );
  await screen.findByRole('list', { name: 'Booking inquiries' });
}

/** The live count above the list (items have live regions of their own). */
const count = () => screen.getByText(/ shown\.$|^Showing \d+ of |^No bookings match\.$/);
const names = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading', { level: 3 }).textContent);
const change = (label: string, value: string) => act(async () => fireEvent.change(screen.getByLabelText(label), { target: { value } }));

describe('BookingsTab', () => {
  it('lists by check-in, stays ahead first, and says how many are shown', async () => {
    await renderTab();
    expect(names()).toEqual(['Ina Guest', 'Sue Guest', 'Cal Guest', 'Sam Guest', 'Pat Guest']);
    expect(count().textContent).toBe('5 bookings shown.');
    await change('Sort by', 'submitted');
    expect(names()).toEqual(['Cal Guest', 'Sam Guest', 'Ina Guest', 'Sue Guest', 'Pat Guest']);
  });

  it('searches by name, e-mail and reference, and filters by when and by channel', async () => {
    await renderTab();
    await change('Search bookings', 'SUE@');
    expect(names()).toEqual(['Sue Guest']);
    await change('Search bookings', '#4');
    expect(names()).toEqual(['Sam Guest']);
    await change('Search bookings', 'nobody');
    expect(screen.queryAllByRole('article')).toEqual([]);
    expect(count().textContent).toBe('No bookings match.');
    await change('Search bookings', '');
    await change('Show', 'in-house');
    expect(names()).toEqual(['Ina Guest']);
    await change('Show', 'cancelled');
    expect(names()).toEqual(['Cal Guest']);
    await change('Show', 'all');
    await change('Channel', 'owner');
    expect(names()).toEqual(['Sam Guest']);
  });

  it('shows an owner stay\'s badge once and the notes typed for a booking', async () => {
    await renderTab();
    const sam = screen.getByRole('article', { name: 'Sam Guest' });
    expect(within(sam).getAllByText('Owner stay', { exact: true })).toHaveLength(1);
    const ina = screen.getByRole('article', { name: 'Ina Guest' });
    expect(within(ina).getByText('Phone booking', { exact: true })).toBeTruthy();
    expect(within(ina).getByText('Partially paid', { exact: true })).toBeTruthy();
    expect(within(ina).getByText('Paid $100 by check')).toBeTruthy();
  });

  it('toggles to a table whose rows open the full item', async () => {
    await renderTab();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Table' })));
    expect(screen.getByRole('button', { name: 'Table' }).getAttribute('aria-pressed')).toBe('true');
    const table = screen.getByRole('table', { name: 'Bookings' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Guest', 'Dates', 'Nights', 'Channel', 'Status', 'Total', 'Paid', 'Balance due']);
    const ina = within(table).getAllByRole('row')[1] as HTMLElement;
    const quote = FEW[2]?.quote;
    const cells = [...ina.children].map((c) => c.textContent);
    expect(cells).toEqual(['Ina Guest#3', 'Nov 30 – Dec 3, 2026', '3', 'Phone booking', 'In-house', `$${((quote?.totalCents ?? 0) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`, '$100.00', `$${(((quote?.totalCents ?? 0) - 10_000) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`]);
    const sam = within(table).getAllByRole('row')[4] as HTMLElement;
    expect([...sam.children].map((c) => c.textContent).slice(3)).toEqual(['Owner stay', 'Upcoming', '—', '$0.00', '—']);
    expect(screen.queryByRole('article')).toBeNull();

    const open = within(ina).getByRole('button', { name: 'Ina Guest' });
    expect(open.getAttribute('aria-expanded')).toBe('false');
    await act(async () => fireEvent.click(open));
    expect(open.getAttribute('aria-expanded')).toBe('true');
    const item = screen.getByRole('article', { name: 'Ina Guest' });
    expect(within(item).getByRole('button', { name: 'Money' })).toBeTruthy();
    expect(within(item).getByRole('button', { name: 'History' })).toBeTruthy();
    await act(async () => fireEvent.click(open));
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('pages a long list 50 at a time, and starts again at the first page when the search changes', async () => {
    const many = Array.from({ length: 120 }, (_, i) => guest(i + 1, `Guest${i + 1}`, '2027-03-01', '2027-03-03'));
    // In the table: a page is the same in both views, and 50 full items take long to render in jsdom.
    await renderTab(many);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Table' })));
    // Counted with a selector: role queries over hundreds of cells are slow in jsdom.
    const rows = () => screen.getByRole('table', { name: 'Bookings' }).querySelectorAll('tbody > tr').length;
    expect(rows()).toBe(50);
    expect(count().textContent).toBe('Showing 50 of 120 bookings.');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show 50 more' })));
    expect(rows()).toBe(100);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Show 20 more' })));
    expect(rows()).toBe(120);
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).toBeNull();
    await change('Search bookings', 'guest1');
    // Guest1, Guest10–19 and Guest100–120: 32, all on the first page again.
    expect(count().textContent).toBe('32 bookings shown.');
    await change('Search bookings', '');
    expect(rows()).toBe(50);
  });

  it('offers the test buttons only while Stripe is in test mode', async () => {
    await renderTab();
    const item = screen.getByRole('article', { name: 'Sue Guest' });
    // The payments config has been read by now (one more turn of the queries).
    await act(async () => {});
    expect(within(item).queryByRole('button', { name: 'Create Test Payment' })).toBeNull();
    expect(within(item).queryByRole('button', { name: 'Test Guide App' })).toBeNull();
    cleanup();
    testMode = true;
    await renderTab();
    const again = screen.getByRole('article', { name: 'Sue Guest' });
    expect(await within(again).findByRole('button', { name: 'Create Test Payment' })).toBeTruthy();
    expect(within(again).getByRole('button', { name: 'Test Guide App' })).toBeTruthy();
  });
});
