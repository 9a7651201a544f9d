import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { createQueryClient } from '@/lib/query-client';
import { stubResizeObserver } from '@/test-support/stubs';
import { SelectionPanel } from './selection-panel';

/**
 * The selected dates' panel ([availability.update], [availability.range]) checked with
 * `daySettingSchema`: what it refuses without sending, and the one range request it sends.
 */

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let onClear: ReturnType<typeof vi.fn<() => void>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async () => Response.json({ success: true, from: '2026-12-10', to: '2026-12-11', days: 2, availability: [] }));
  vi.stubGlobal('fetch', fetchMock);
  stubResizeObserver();
  onClear = vi.fn<() => void>();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SelectionPanel dates={['2026-12-10', '2026-12-11']} firstDay={undefined} firstRate={{ date: '2026-12-10', price: 395, priceSource: 'weekend' }} onClear={onClear} />
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

  const sent = () => saves().map(([url, init]) => [url, init?.method, JSON.parse(String(init?.body))]);

  it('sends one PUT for the whole range with the typed price, starting from the night\'s effective rate', async () => {
    expect(price()).toHaveProperty('value', '395');
    fireEvent.change(price(), { target: { value: '315' } });
    fireEvent.click(screen.getByRole('switch', { name: 'Block date(s)' }));
    await submit();
    expect(await toastOf('Updated 2 date(s) successfully')).toContain('$315 per night');
    expect(sent()).toEqual([['/api/availability', 'PUT', { from: '2026-12-10', to: '2026-12-11', price: 315, isAvailable: true, isBlocked: true }]]);
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('blocking without typing a price sends no price ([availability.own-price])', async () => {
    fireEvent.click(screen.getByRole('switch', { name: 'Block date(s)' }));
    await submit();
    expect(await toastOf('Updated 2 date(s) successfully')).toContain('Blocked, prices kept');
    expect(sent()).toEqual([['/api/availability', 'PUT', { from: '2026-12-10', to: '2026-12-11', isAvailable: true, isBlocked: true }]]);
  });

  it('"Reset to default price" and "Set to Not Set" each send one range request', async () => {
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reset to default price' })));
    expect(await toastOf('Reset 2 date(s) to the default price')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Set to Not Set' })));
    expect(await toastOf('Set 2 date(s) to Not Set')).toBeTruthy();
    expect(sent()).toEqual([
      ['/api/availability', 'PUT', { from: '2026-12-10', to: '2026-12-11', resetPrice: true }],
      ['/api/availability', 'PUT', { from: '2026-12-10', to: '2026-12-11', notSet: true }],
    ]);
  });
});
