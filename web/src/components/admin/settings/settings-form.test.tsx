import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, PROPERTY, addDays, todayIn, type Settings } from '@ridgeline/core';
import { createQueryClient } from '@/lib/query-client';
import { SettingsForm } from './settings-form';

/** The Settings tab's taxes ([pricing.tax-dates]): lines in force today apart from past and future ones, and what Save sends. */

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
const today = todayIn(PROPERTY.timeZone);
const initial: Settings = {
  ...DEFAULT_SETTINGS,
  taxes: [
    { name: 'Old lodging tax', kind: 'percent', bps: 500, validTo: addDays(today, -1) },
    { name: 'Lodging tax', kind: 'percent', bps: 600, validFrom: addDays(today, -1), authority: 'Fannin County', exemptFromNights: 31 },
    { name: 'New fee', kind: 'perNight', cents: 300, validFrom: addDays(today, 30) },
  ],
};

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>(async (_url, init) => Response.json(JSON.parse(String(init?.body)), { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SettingsForm initial={initial} />
    </QueryClientProvider>,
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('SettingsForm taxes', () => {
  it('shows the lines in force today apart from those that ended or start later, each with its dates', () => {
    const names = (group: string) => within(screen.getByRole('group', { name: group })).getAllByLabelText(/^Tax \d name$/).map((i) => (i as HTMLInputElement).value);
    expect(names('In force today')).toEqual(['Lodging tax']);
    expect(names('Starting later')).toEqual(['New fee']);
    expect(names('Ended')).toEqual(['Old lodging tax']);
    expect((screen.getByLabelText('Tax 2 collected by') as HTMLInputElement).value).toBe('Fannin County');
    expect((screen.getByLabelText('Tax 2 exempt from (nights)') as HTMLInputElement).value).toBe('31');
    expect((screen.getByLabelText('Tax 3 valid from') as HTMLInputElement).value).toBe(addDays(today, 30));
  });

  it('saves a changed end date and exemption with the other lines unchanged', async () => {
    fireEvent.change(screen.getByLabelText('Tax 2 valid to'), { target: { value: addDays(today, 29) } });
    fireEvent.change(screen.getByLabelText('Tax 2 exempt from (nights)'), { target: { value: '' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /save/i }));
    });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Settings;
    expect(body.taxes).toEqual([initial.taxes[0], { name: 'Lodging tax', kind: 'percent', bps: 600, validFrom: addDays(today, -1), validTo: addDays(today, 29), authority: 'Fannin County' }, initial.taxes[2]]);
  });
});
