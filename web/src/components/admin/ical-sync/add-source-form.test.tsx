import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { AddSourceForm } from './add-source-form';

/**
 * The add-source form ([ical.sources]) checked with `newCalendarSourceSchema`, the schema
 * `POST /api/calendar-sources` parses: what it refuses without sending, and what it sends.
 */

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => Response.json(
    {
      success: true,
      message: 'Added',
      source: { id: 1, name: 'Airbnb', icalUrl: 'https://example.com/a.ics', platform: 'airbnb', isActive: true, autoSyncEnabled: true, lastSyncTime: null, lastSyncStatus: null, lastSyncMessage: '', lastSuccessTime: null, eventsProcessed: 0, bookingsCreated: 0, nextSyncAt: null, createdAt: '2026-06-10T12:00:00.000Z' },
    },
    { status: 201 },
  ));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AddSourceForm />
      <Toaster />
    </QueryClientProvider>,
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const form = () => screen.getByRole('form', { name: 'Add calendar source' });
const field = (label: string) => within(form()).getByLabelText(label, { exact: true });
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const submit = () => act(async () => fireEvent.click(within(form()).getByRole('button', { name: 'Add Source' })));
const toastOf = async (title: string) => (await screen.findByText(title, { exact: true })).closest('li')?.textContent;
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('AddSourceForm', () => {
  it('stops at "Missing Information" with a blank URL, focusing and marking it, and sends nothing', async () => {
    type('Name', 'Airbnb');
    type('iCal URL', '   ');
    await submit();
    expect(await toastOf('Missing Information')).toContain('Please enter both name and iCal URL');
    expect(field('iCal URL').getAttribute('aria-invalid')).toBe('true');
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(field('iCal URL'));
    expect(posts()).toEqual([]);
  });

  it("refuses a URL that is not http(s) with the server's words, keeping the entries", async () => {
    type('Name', 'Old link');
    type('iCal URL', 'ftp://calendar.example.com/listing.ics');
    await submit();
    expect(await toastOf('Failed to Add Source')).toContain('icalUrl: must be an http:// or https:// URL');
    expect(field('iCal URL').getAttribute('aria-describedby')).toMatch(/-url-hint .*-error$/);
    expect((field('Name') as HTMLInputElement).value).toBe('Old link');
    expect(posts()).toEqual([]);
  });

  it('sends the parsed body (trimmed, webcal:// as https://) and starts over', async () => {
    type('Name', ' VRBO ');
    type('iCal URL', 'webcal://www.vrbo.com/icalendar/1.ics');
    fireEvent.change(field('Platform'), { target: { value: 'vrbo' } });
    await submit();
    expect(await toastOf('Calendar Source Added')).not.toBeUndefined();
    const [url, init] = posts()[0]!;
    expect(url).toBe('/api/calendar-sources');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'VRBO', icalUrl: 'https://www.vrbo.com/icalendar/1.ics', platform: 'vrbo' });
    expect((field('Name') as HTMLInputElement).value).toBe('');
    expect((field('Platform') as HTMLSelectElement).value).toBe('airbnb');
  });
});
