import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PUBLIC_LISTING, type PublicListing } from '@ridgeline/core';
import { createQueryClient } from '@/lib/query-client';
import { ListingForm } from './listing-form';

/** The Settings tab's Listing section ([listing.fields]): what Save listing sends, and refusals on their field. */

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  // The server answers the whole listing: the saved fields over the fresh install's.
  fetchMock = vi.fn<typeof fetch>(async (_url, init) => Response.json({ ...DEFAULT_PUBLIC_LISTING, ...JSON.parse(String(init?.body)) }, { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ListingForm initial={DEFAULT_PUBLIC_LISTING} />
    </QueryClientProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const save = async () => {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save listing' }));
  });
};

describe('ListingForm', () => {
  it("starts from today's texts and saves a new name, a hot tub note and a bunk room with two bunk beds", async () => {
    expect((screen.getByLabelText('House name') as HTMLInputElement).value).toBe('Ridgeline');
    expect((screen.getByLabelText('Hot Tub') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText('House name'), { target: { value: 'Ridgeline Lodge' } });
    fireEvent.change(screen.getByLabelText('Hot Tub note'), { target: { value: 'Seats six, open all year.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add bedroom' }));
    fireEvent.change(screen.getByLabelText('Bedroom 6 name'), { target: { value: 'Bunk room' } });
    fireEvent.change(screen.getByLabelText('Bedroom 6 bed 1 type'), { target: { value: 'bunk' } });
    fireEvent.change(screen.getByLabelText('Bedroom 6 bed 1 count'), { target: { value: '2' } });
    fireEvent.click(screen.getByLabelText('EV Charger'));
    await save();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toContain('/api/listing');
    expect(init?.method).toBe('PUT');
    const body = JSON.parse(String(init?.body)) as PublicListing;
    expect(body.name).toBe('Ridgeline Lodge');
    expect(body.bedrooms.at(-1)).toEqual({ name: 'Bunk room', beds: [{ type: 'bunk', count: 2 }] });
    expect(body.amenities).toContainEqual({ key: 'hotTub', note: 'Seats six, open all year.' });
    expect(body.amenities.map((a) => a.key)).toContain('evCharger');
    expect(body.bathrooms).toEqual({ full: 3, half: 0 });
    expect(body.houseRules).toEqual({ smoking: false, pets: false, events: false, quietHours: { start: '22:00', end: '08:00' } });
    expect(body.languages).toEqual(['en']);
  });

  it('shows a bad bed count and an empty name on their fields and sends nothing', async () => {
    fireEvent.change(screen.getByLabelText('House name'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Bedroom 1 bed 1 count'), { target: { value: '0' } });
    await save();
    expect(await screen.findByText('is required')).toBeTruthy();
    expect(screen.getByText('must be at least 1')).toBeTruthy();
    expect(screen.getByLabelText('House name').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts the server's refusal on the field it names", async () => {
    fetchMock.mockImplementationOnce(async () => Response.json({ error: 'contactEmail: must be an e-mail address', field: 'contactEmail' }, { status: 400 }));
    await save();
    expect(await screen.findByText('must be an e-mail address')).toBeTruthy();
    expect(screen.getByLabelText('Contact e-mail').getAttribute('aria-invalid')).toBe('true');
  });
});
