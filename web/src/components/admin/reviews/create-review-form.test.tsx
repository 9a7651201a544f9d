import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { stubResizeObserver } from '@/test-support/stubs';
import { CreateReviewForm } from './create-review-form';

/**
 * The Create New Review form checked with the server's own `newReviewSchema` ([reviews.create]):
 * what it refuses (and says) without sending, and the body it sends.
 */

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let onCreated: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () =>
    Response.json(
      {
        success: true,
        review: { id: 1, guestName: 'Ann', email: 'ann@example.com', rating: 5, title: 'Lovely', content: 'Great stay', stayDate: '2026-06-01', isApproved: false, isPublished: false, isDemo: false, verifiedStay: false, source: 'guestbook', stayMonth: '2026-06', hiddenReason: null, createdAt: '2026-06-10T12:00:00.000Z' },
      },
      { status: 201, headers: { 'Content-Type': 'application/json' } },
    ),
  );
  vi.stubGlobal('fetch', fetchMock);
  stubResizeObserver();
  onCreated = vi.fn<() => void>();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <CreateReviewForm id="review-form" onCreated={onCreated} onCancel={() => {}} />
      <Toaster />
    </QueryClientProvider>,
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const form = () => screen.getByRole('form', { name: 'Create New Review' });
const field = (label: string) => within(form()).getByLabelText(label, { exact: true });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => act(async () => fireEvent.click(within(form()).getByRole('button', { name: 'Create Review' })));

function fillValid() {
  type('Guest Name', '  Ana Ruiz ');
  type('Email', ' ana@example.com');
  type('Stay Date', '2026-10-03');
  type('Review Title', ' Wonderful ');
  type('Review Content', 'Great views.\n');
}

/** The one toast on screen (TOAST_LIMIT is 1): its title and description. */
async function toastText(title: string): Promise<string | null> {
  const toast = (await screen.findByText(title, { exact: true })).closest('li');
  return toast?.textContent ?? null;
}

describe('CreateReviewForm', () => {
  it('refuses a blank name with "Missing Fields", marks the field and sends nothing', async () => {
    fillValid();
    type('Guest Name', '   ');
    await submit();
    expect(await toastText('Missing Fields')).toContain('Please fill in all required fields');
    const name = field('Guest Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const describedBy = name.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe('Guest Name is required');
    expect(field('Email').getAttribute('aria-invalid')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each(['0', '6', '4.5', ''])('refuses rating %j with "Invalid Rating" and sends nothing', async (rating) => {
    fillValid();
    type('Rating', rating);
    await submit();
    expect(await toastText('Invalid Rating')).toContain('Rating must be a whole number from 1 to 5');
    expect(field('Rating').getAttribute('aria-describedby')).toMatch(/-hint .*-error$/);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses an address that is not one with the server's own words", async () => {
    fillValid();
    type('Email', 'not-an-address');
    await submit();
    expect(await toastText('Failed to Create Review')).toContain('email: must be an e-mail address');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the trimmed body the schema parses, rating 5, the guest book and both flags off by default', async () => {
    fillValid();
    await submit();
    expect(await toastText('Review created successfully')).not.toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/reviews');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      guestName: 'Ana Ruiz',
      email: 'ana@example.com',
      rating: 5,
      title: 'Wonderful',
      content: 'Great views.',
      stayDate: '2026-10-03',
      source: 'guestbook',
      isApproved: false,
      isPublished: false,
    });
    expect(onCreated).toHaveBeenCalledTimes(1);
  });

  it('sends the switches and a typed rating', async () => {
    fillValid();
    type('Rating', '4');
    fireEvent.click(within(form()).getByRole('switch', { name: 'Approved' }));
    await submit();
    await screen.findByText('Review created successfully', { exact: true });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({ rating: 4, isApproved: true, isPublished: false });
  });

  it('copies a review in from a platform: its source, stay date and a low rating ([reviews.source])', async () => {
    const source = field('Source');
    expect(within(source).getAllByRole('option').map((o) => o.textContent)).toEqual(['Guest book', 'Airbnb', 'Vrbo', 'Booking.com']);
    expect((source as HTMLSelectElement).value).toBe('guestbook');
    fillValid();
    fireEvent.change(source, { target: { value: 'airbnb' } });
    type('Rating', '2');
    type('Stay Date', '2026-06-14');
    await submit();
    await screen.findByText('Review created successfully', { exact: true });
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({ source: 'airbnb', rating: 2, stayDate: '2026-06-14' });
  });
});
