import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingLedgerResponse } from '@ridgeline/core';
import { createQueryClient } from '@/lib/query-client';
import { BookingMoney } from './booking-money';

/**
 * The booking's Money section ([bookings.money]) against a fetch stand-in of
 * `GET /api/bookings/{id}/ledger` and `POST /api/bookings/{id}/offline-payments`: the table, the
 * sums, and the "Record offline money" form's checks, its body and the server's 400 on its field.
 */

const toastMock = vi.hoisted(() => vi.fn());
vi.mock('@/hooks/use-toast', () => ({ toast: toastMock }));

const EMPTY_LEDGER: BookingLedgerResponse = {
  entries: [],
  paidCents: 0,
  refundedCents: 0,
  refundableCents: 0,
  balanceDueCents: 211_562,
  disputedCents: 0,
  offlinePaidCents: 0,
  offlineRefundableCents: 0,
  creditCents: 0,
  netPaidCents: 0,
  payoutCents: 0,
  intents: [],
};

const entry = (e: Partial<BookingLedgerResponse['entries'][number]> & Pick<BookingLedgerResponse['entries'][number], 'id' | 'kind' | 'amountCents' | 'balanceCents'>) => ({
  at: '2026-06-01T16:00:00.000Z',
  source: 'stripe' as const,
  stripeObjectId: null,
  paymentIntentId: null,
  note: '',
  method: 'card' as const,
  ...e,
});

/** A booking paid by card twice, part refunded, disputed and won, with a damage-deposit hold and cash. */
const BUSY_LEDGER: BookingLedgerResponse = {
  entries: [
    entry({ id: 1, kind: 'charge', amountCents: 60_000, balanceCents: 60_000, stripeObjectId: 'pi_deposit', paymentIntentId: 'pi_deposit', at: '2026-05-01T14:00:00.000Z' }),
    entry({ id: 2, kind: 'offline_payment', amountCents: 50_000, balanceCents: 110_000, source: 'owner', method: 'check', note: 'Check 1042', at: '2026-05-02T14:00:00.000Z' }),
    entry({ id: 3, kind: 'charge', amountCents: 140_000, balanceCents: 250_000, stripeObjectId: 'pi_balance', paymentIntentId: 'pi_balance', at: '2026-05-03T14:00:00.000Z' }),
    entry({ id: 4, kind: 'refund', amountCents: 10_000, balanceCents: 240_000, stripeObjectId: 're_1', paymentIntentId: 'pi_deposit', at: '2026-05-04T14:00:00.000Z' }),
    entry({ id: 5, kind: 'dispute_opened', amountCents: 5_000, balanceCents: 240_000, stripeObjectId: 'dp_1', paymentIntentId: 'pi_balance', at: '2026-05-05T14:00:00.000Z' }),
    entry({ id: 6, kind: 'dispute_won', amountCents: 5_000, balanceCents: 240_000, stripeObjectId: 'dp_1', paymentIntentId: 'pi_balance', at: '2026-05-06T14:00:00.000Z' }),
    entry({ id: 7, kind: 'dispute_lost', amountCents: 2_000, balanceCents: 240_000, stripeObjectId: 'dp_2', paymentIntentId: 'pi_balance', source: 'reconcile', at: '2026-05-07T14:00:00.000Z' }),
    entry({ id: 8, kind: 'authorization', amountCents: 30_000, balanceCents: 240_000, stripeObjectId: 'pi_hold', paymentIntentId: 'pi_hold', at: '2026-05-08T14:00:00.000Z' }),
    entry({ id: 9, kind: 'capture', amountCents: 10_000, balanceCents: 250_000, stripeObjectId: 'pi_hold', paymentIntentId: 'pi_hold', at: '2026-05-09T14:00:00.000Z' }),
    entry({ id: 10, kind: 'release', amountCents: 20_000, balanceCents: 250_000, stripeObjectId: 'pi_hold', paymentIntentId: 'pi_hold', at: '2026-05-10T14:00:00.000Z' }),
    entry({ id: 11, kind: 'offline_refund', amountCents: 5_000, balanceCents: 245_000, source: 'owner', method: 'cash', at: '2026-05-11T14:00:00.000Z' }),
  ],
  paidCents: 260_000,
  refundedCents: 15_000,
  refundableCents: 188_000,
  balanceDueCents: 0,
  disputedCents: 2_000,
  offlinePaidCents: 50_000,
  offlineRefundableCents: 45_000,
  creditCents: 3_438,
  netPaidCents: 245_000,
  payoutCents: 243_000,
  intents: [
    { paymentIntentId: 'pi_deposit', paidCents: 60_000, refundedCents: 10_000, disputedCents: 0, refundableCents: 50_000, authorizedCents: 0, damageDeposit: false },
    { paymentIntentId: 'pi_balance', paidCents: 140_000, refundedCents: 0, disputedCents: 2_000, refundableCents: 138_000, authorizedCents: 0, damageDeposit: false },
    { paymentIntentId: 'pi_hold', paidCents: 10_000, refundedCents: 0, disputedCents: 0, refundableCents: 10_000, authorizedCents: 0, damageDeposit: true },
  ],
};

let ledger: BookingLedgerResponse;
let getAnswer: { status: number; body: unknown } | null;
let postAnswer: { status: number; body: unknown } | null;
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  ledger = EMPTY_LEDGER;
  getAnswer = null;
  postAnswer = null;
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST') {
      if (postAnswer) return Response.json(postAnswer.body, { status: postAnswer.status });
      const body = JSON.parse(String(init.body)) as { kind: 'payment' | 'refund'; method: 'check'; amountCents: number; note?: string };
      const last = ledger.entries.at(-1)?.balanceCents ?? 0;
      const balance = last + (body.kind === 'payment' ? body.amountCents : -body.amountCents);
      ledger = {
        ...ledger,
        entries: [...ledger.entries, entry({ id: 100 + ledger.entries.length, kind: body.kind === 'payment' ? 'offline_payment' : 'offline_refund', amountCents: body.amountCents, balanceCents: balance, source: 'owner', method: body.method, note: body.note ?? '' })],
        paidCents: ledger.paidCents + (body.kind === 'payment' ? body.amountCents : 0),
        balanceDueCents: ledger.balanceDueCents - (body.kind === 'payment' ? body.amountCents : 0),
        netPaidCents: balance,
        payoutCents: balance - ledger.disputedCents,
      };
      return Response.json(ledger, { status: 201 });
    }
    if (url === '/api/bookings/7/ledger') return getAnswer ? Response.json(getAnswer.body, { status: getAnswer.status }) : Response.json(ledger);
    return Response.json({ error: `unexpected ${url}` }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  toastMock.mockClear();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderMoney(kind: 'direct' | 'manual' | 'owner' = 'manual') {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BookingMoney booking={{ id: 7, kind }} guestName="Mary Jones" />
    </QueryClientProvider>,
  );
}

const section = () => screen.getByRole('region', { name: "Money of Mary Jones's booking" });
const openMoney = () => act(async () => fireEvent.click(within(section()).getByRole('button', { name: 'Money' })));
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

/** Each body row's cells as text. */
function rows(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.children].map((c) => c.textContent ?? ''));
}

/** The sums as label → amount. */
function sums(): Record<string, string> {
  const dl = section().querySelector('dl');
  return Object.fromEntries([...(dl?.querySelectorAll('div') ?? [])].map((d) => [d.querySelector('dt')?.textContent, d.querySelector('dd')?.textContent]));
}

async function openForm() {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Record offline money for Mary Jones' })));
  return screen.getByRole('form', { name: 'Record offline money' });
}
const submit = (form: HTMLElement) => act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Record' })));

describe('BookingMoney', () => {
  it('reads nothing until opened, then lists every entry oldest first in the owner’s words with the net paid after each', async () => {
    ledger = BUSY_LEDGER;
    renderMoney();
    expect(fetchMock).not.toHaveBeenCalled();
    await openMoney();
    const table = await screen.findByRole('table', { name: 'Money' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'What', 'Amount', 'Net paid', 'Source', 'Stripe id', 'Note']);
    expect(rows(table).map(([, what, amount, net, source, stripeId, note]) => [what, amount, net, source, stripeId, note])).toEqual([
      ['Card payment', '$600.00', '$600.00', 'Stripe', 'pi_deposit', ''],
      ['Paid offline (Check)', '$500.00', '$1,100.00', 'You', '—', 'Check 1042'],
      ['Card payment', '$1,400.00', '$2,500.00', 'Stripe', 'pi_balance', ''],
      ['Refund', '−$100.00', '$2,400.00', 'Stripe', 're_1', ''],
      ['Dispute opened', '$50.00', '$2,400.00', 'Stripe', 'dp_1', ''],
      ['Dispute won', '$50.00', '$2,400.00', 'Stripe', 'dp_1', ''],
      ['Dispute lost', '$20.00', '$2,400.00', 'Reconciliation', 'dp_2', ''],
      ['Deposit hold placed', '$300.00', '$2,400.00', 'Stripe', 'pi_hold', ''],
      ['Deposit claimed', '$100.00', '$2,500.00', 'Stripe', 'pi_hold', ''],
      ['Deposit hold released', '$200.00', '$2,500.00', 'Stripe', 'pi_hold', ''],
      ['Refunded offline (Cash)', '−$50.00', '$2,450.00', 'You', '—', ''],
    ]);
    // The date in the property's clock, with the instant as its machine-readable value.
    const firstDate = within(table).getAllByRole('rowheader')[0]!.querySelector('time');
    expect(firstDate?.getAttribute('dateTime')).toBe('2026-05-01T14:00:00.000Z');
    expect(firstDate?.textContent).toBe('May 1, 2026, 10:00 AM EDT');
    expect(within(table).getByText('pi_deposit').className).toContain('font-mono');
  });

  it('shows the sums, the credit, what each card payment can still give back (not the damage deposit) and the offline money', async () => {
    ledger = BUSY_LEDGER;
    renderMoney();
    await openMoney();
    await screen.findByRole('table', { name: 'Money' });
    expect(sums()).toEqual({ Paid: '$2,600.00', Refunded: '$150.00', Disputed: '$20.00', 'Balance due': '$0.00', Credit: '$34.38' });
    const refundable = within(section()).getByText('Can still be refunded').parentElement!;
    expect(within(refundable).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['pi_deposit$500.00', 'pi_balance$1,380.00']);
    expect(section().textContent).toContain('Paid offline, can be given back offline: $450.00');
  });

  it('offers Retry refund and Record as refunded offline on a change whose refund Stripe refused ([booking.change-refund-refused])', async () => {
    const change = { id: 3, createdAt: '2026-06-01T16:00:00.000Z', from: { checkin: '2027-01-20', checkout: '2027-01-23', guests: 2 }, to: { checkin: '2027-01-20', checkout: '2027-01-22', guests: 2 }, oldTotalCents: 100_000, newTotalCents: 70_000, differenceCents: -30_000, settle: 'refund', status: 'failed' as const, message: '$0.00 refunded; $300.00 was refused by Stripe', refusedCents: 30_000 };
    ledger = { ...BUSY_LEDGER, changes: [change, { ...change, id: 4, status: 'settled' as const, refusedCents: 0, message: 'done' }] };
    renderMoney('direct');
    await openMoney();
    await screen.findByRole('table', { name: 'Money' });
    expect(within(section()).getAllByRole('button', { name: 'Retry refund of $300.00' })).toHaveLength(1);
    postAnswer = { status: 409, body: { error: 'This change has no refused refund to settle' } };
    await act(async () => fireEvent.click(within(section()).getByRole('button', { name: 'Retry refund of $300.00' })));
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [url, init] = posts()[0]!;
    expect(String(url)).toBe('/api/bookings/7/changes/3/refund');
    expect(JSON.parse(String(init?.body))).toEqual({ action: 'retry' });
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith(expect.objectContaining({ variant: 'destructive', description: 'This change has no refused refund to settle' })));
    await act(async () => fireEvent.click(within(section()).getByRole('button', { name: 'Record $300.00 as refunded offline' })));
    const form = screen.getByRole('form', { name: 'Record as refunded offline' });
    fireEvent.change(within(form).getByLabelText('Method'), { target: { value: 'cash' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Record refund' })));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(JSON.parse(String(posts()[1]![1]?.body))).toEqual({ action: 'offline', method: 'cash' });
  });

  it('says when no money has moved, with no credit and no refundable lines', async () => {
    renderMoney();
    await openMoney();
    expect(await within(section()).findByText('No money has moved on this booking yet.')).toBeTruthy();
    expect(within(section()).queryByRole('table')).toBeNull();
    expect(sums()).toEqual({ Paid: '$0.00', Refunded: '$0.00', Disputed: '$0.00', 'Balance due': '$2,115.62' });
    expect(within(section()).queryByText('Can still be refunded')).toBeNull();
    expect(section().textContent).not.toContain('Paid offline, can be given back offline');
  });

  it('shows a failed read with the server’s words and reads again on Try again', async () => {
    getAnswer = { status: 500, body: { error: 'Database is busy' } };
    renderMoney();
    await openMoney();
    const alert = await within(section()).findByRole('alert');
    expect(alert.textContent).toContain('The money could not be loaded: Database is busy');
    getAnswer = null;
    await act(async () => fireEvent.click(within(alert).getByRole('button', { name: 'Try again' })));
    expect(await within(section()).findByText('No money has moved on this booking yet.')).toBeTruthy();
  });

  it('has no Record offline money for an owner stay', async () => {
    renderMoney('owner');
    await openMoney();
    await within(section()).findByText('No money has moved on this booking yet.');
    expect(screen.queryByRole('button', { name: /Record offline money/ })).toBeNull();
  });
});

describe('Record offline money', () => {
  it.each([
    ['', 'Amount must be an amount in dollars, like 250 or 250.50'],
    ['12.345', 'Amount must be an amount in dollars, like 250 or 250.50'],
    ['abc', 'Amount must be an amount in dollars, like 250 or 250.50'],
    ['0', 'Amount must be more than 0'],
  ])('refuses the amount %j on its field and sends nothing', async (amount, message) => {
    renderMoney();
    const form = await openForm();
    fireEvent.change(within(form).getByLabelText('Amount ($)'), { target: { value: amount } });
    await submit(form);
    const input = within(form).getByLabelText('Amount ($)');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = input.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(message);
    expect(within(form).getByLabelText('Method').getAttribute('aria-invalid')).toBeNull();
    expect(posts()).toHaveLength(0);
  });

  it('sends $500 by check in cents, says so, closes and shows the entry with the net paid', async () => {
    renderMoney();
    const form = await openForm();
    expect((within(form).getByRole('radio', { name: 'Payment received' }) as HTMLInputElement).checked).toBe(true);
    expect(within(form).getAllByRole('option').map((o) => o.textContent)).toEqual(['Cash', 'Check', 'Bank transfer', 'Other']);
    fireEvent.change(within(form).getByLabelText('Method'), { target: { value: 'check' } });
    fireEvent.change(within(form).getByLabelText('Amount ($)'), { target: { value: ' 500 ' } });
    fireEvent.change(within(form).getByLabelText('Note'), { target: { value: 'Check 1042' } });
    await submit(form);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Record offline money' })).toBeNull());
    expect(posts()).toHaveLength(1);
    const [url, init] = posts()[0]!;
    expect(url).toBe('/api/bookings/7/offline-payments');
    expect(JSON.parse(String(init?.body))).toEqual({ kind: 'payment', method: 'check', amountCents: 50_000, note: 'Check 1042', asCredit: false });
    expect(toastMock).toHaveBeenCalledWith({ title: 'Offline payment recorded', description: '$500.00 paid by check.' });
    // The section opens on the answer: the new entry with the net paid after it.
    const table = await screen.findByRole('table', { name: 'Money' });
    expect(rows(table).map(([, what, amount, net, source]) => [what, amount, net, source])).toEqual([['Paid offline (Check)', '$500.00', '$500.00', 'You']]);
    expect(sums()['Balance due']).toBe('$1,615.62');
  });

  it("sends a payment above what is due as credit when the box is ticked, and a refund without it", async () => {
    renderMoney();
    let form = await openForm();
    fireEvent.change(within(form).getByLabelText('Amount ($)'), { target: { value: '2600' } });
    fireEvent.click(within(form).getByLabelText("Keep the extra as the guest's credit"));
    await submit(form);
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(String(posts()[0]![1]?.body))).toMatchObject({ kind: 'payment', method: 'cash', amountCents: 260_000, asCredit: true });

    await waitFor(() => expect(screen.queryByRole('form', { name: 'Record offline money' })).toBeNull());
    form = await openForm();
    fireEvent.click(within(form).getByRole('radio', { name: 'Refund given back' }));
    // A refund has no credit to keep.
    await waitFor(() => expect(within(form).queryByLabelText("Keep the extra as the guest's credit")).toBeNull());
    fireEvent.change(within(form).getByLabelText('Amount ($)'), { target: { value: '20.50' } });
    await submit(form);
    await waitFor(() => expect(posts()).toHaveLength(2));
    const body = JSON.parse(String(posts()[1]![1]?.body)) as Record<string, unknown>;
    expect(body).toEqual({ kind: 'refund', method: 'cash', amountCents: 2_050, note: '' });
    expect(toastMock).toHaveBeenLastCalledWith({ title: 'Offline refund recorded', description: '$20.50 given back by cash.' });
  });

  it("shows the server's 400 on the field it names and keeps the dialog open", async () => {
    postAnswer = { status: 400, body: { error: "amountCents: is more than the $2,115.62 left to pay; record the rest as the guest's credit to keep it", field: 'amountCents' } };
    renderMoney();
    const form = await openForm();
    fireEvent.change(within(form).getByLabelText('Amount ($)'), { target: { value: '2600' } });
    await submit(form);
    const input = within(form).getByLabelText('Amount ($)');
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = input.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe("Amount is more than the $2,115.62 left to pay; record the rest as the guest's credit to keep it");
    expect(screen.getByRole('form', { name: 'Record offline money' })).toBeTruthy();
    expect(input).toBe(document.activeElement);
    expect(toastMock).not.toHaveBeenCalled();
  });

  it('shows a 409 (a cancelled booking) in a toast with the server’s words', async () => {
    postAnswer = { status: 409, body: { error: 'This booking is cancelled: record only money given back' } };
    renderMoney();
    const form = await openForm();
    fireEvent.change(within(form).getByLabelText('Amount ($)'), { target: { value: '100' } });
    await submit(form);
    await waitFor(() => expect(toastMock).toHaveBeenCalledWith({ variant: 'destructive', title: 'Not recorded', description: 'This booking is cancelled: record only money given back' }));
    expect(within(form).getByLabelText('Amount ($)').getAttribute('aria-invalid')).toBeNull();
  });
});
