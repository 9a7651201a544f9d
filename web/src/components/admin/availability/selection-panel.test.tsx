import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { stubResizeObserver } from '@/test-support/stubs';
import { SelectionPanel } from './selection-panel';

/**
 * The selected dates' panel ([availability.update]) checked with `daySettingSchema`, the schema
 * `PUT /api/availability/{date}` parses: what it refuses without sending, and what it sends.
 */

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let onClear: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => Response.json({ success: true, day: { date: '2026-07-01', price: 300, isAvailable: true, isBlocked: false } }));
  vi.stubGlobal('fetch', fetchMock);
  stubResizeObserver();
  onClear = vi.fn<() => void>();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SelectionPanel dates={['2026-12-10', '2026-12-11']} firstDay={undefined} onClear={onClear} />
      <Toaster />
    </QueryClientProvider>,
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The calls that save a day (the panel also reads the owner's settings for the base rate). */
const saves = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT');
const price = () => screen.getByLabelText('Price per night', { exact: true });
const submit = () => act(async () => fireEvent.click(screen.getByRole('button', { name: 'Update 2 Date(s)' })));
const toastOf = async (title: string) => (await screen.findByText(title, { exact: true })).closest('li')?.textContent;

describe('SelectionPanel', () => {
  it.each(['-5', '12.5', ''])('refuses price %j with "Invalid price" and sends nothing', async (bad) => {
    fireEvent.change(price(), { target: { value: bad } });
    await submit();
    expect(await toastOf('Invalid price')).toContain('Please select dates and enter valid price');
    expect(saves()).toEqual([]);
  });

  it("refuses whole dollars above the schema's maximum with the server's words and sends nothing", async () => {
    fireEvent.change(price(), { target: { value: '100001' } });
    await submit();
    expect(await toastOf('Update Failed')).toContain('price: must be at most 100000');
    expect(saves()).toEqual([]);
  });

  it('sends one PUT per date with the parsed setting, starting from the defaults', async () => {
    fireEvent.change(price(), { target: { value: '315' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Block date(s)' }));
    await submit();
    expect(await toastOf('Updated 2 date(s) successfully')).toContain('$315 per night');
    expect(saves().map(([url, init]) => [url, init?.method, JSON.parse(String(init?.body))])).toEqual([
      ['/api/availability/2026-12-10', 'PUT', { price: 315, isAvailable: true, isBlocked: true }],
      ['/api/availability/2026-12-11', 'PUT', { price: 315, isAvailable: true, isBlocked: true }],
    ]);
    expect(onClear).toHaveBeenCalledTimes(1);
  });
});
