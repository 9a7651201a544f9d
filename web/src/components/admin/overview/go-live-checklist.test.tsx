import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, goLiveChecklist, type GoLiveFacts } from '@ridgeline/core';
import { createQueryClient } from '@/lib/query-client';
import { GoLiveChecklist } from './go-live-checklist';

/** The Overview's go-live checklist ([setup.go-live]) against answers of GET /api/go-live made by core's own rules. */

const NOW = new Date('2026-12-02T15:00:00Z');
const facts: GoLiveFacts = {
  photos: { total: 20, builtIn: 3 },
  demoReviews: 0,
  contactIsDefault: { phone: false, email: false },
  settings: { ...DEFAULT_SETTINGS, taxes: [], ownerEmail: 'o@example.com', rentalAgreement: 'Terms', taxCertificateNumber: 'C', rentalRegistrationNumber: '' },
  payments: 'test',
  mailConfigured: true,
  lastBackupAt: '2026-12-01T00:00:00Z',
};

function serve(items: unknown) {
  const fetchMock = vi.fn<typeof fetch>(async () => Response.json({ items }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderList = (onOpenTab = vi.fn()) => {
  const client = createQueryClient();
  const view = render(
    <QueryClientProvider client={client}>
      <GoLiveChecklist onOpenTab={onOpenTab} />
    </QueryClientProvider>,
  );
  return { onOpenTab, view, client };
};

describe('GoLiveChecklist', () => {
  it('lists only what is left, with the count done, each linking to where it is fixed', async () => {
    serve(goLiveChecklist(facts, NOW));
    const { onOpenTab } = renderList();
    const region = await screen.findByRole('region', { name: 'Go-live checklist' });
    expect(within(region).getByText('7 of 10 done. What is left before guests book for real:')).toBeTruthy();
    const items = within(screen.getByRole('list', { name: 'Left to do before going live' })).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '3 of the site’s 20 photos are still the built-in onesUpload your photos',
      'Card payments are in Stripe’s test mode: no guest is really chargedSet STRIPE_SECRET_KEY (a live key, sk_live_…) and STRIPE_WEBHOOK_SECRET in the server’s .env, then restart it',
      'Fannin County requires a registration number before advertisingFill in the Compliance settings',
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Upload your photos' }));
    expect(onOpenTab).toHaveBeenCalledWith('images');
    const compliance = screen.getByRole('link', { name: 'Fill in the Compliance settings' });
    expect(compliance.getAttribute('href')).toBe('/admin?tab=settings#compliance');
    fireEvent.click(compliance);
    expect(onOpenTab).toHaveBeenLastCalledWith('settings');
  });

  it('shows nothing once everything is done', async () => {
    serve(goLiveChecklist({ ...facts, photos: { total: 20, builtIn: 0 }, payments: 'live', settings: { ...facts.settings, rentalRegistrationNumber: 'R' } }, NOW));
    const { view, client } = renderList();
    await vi.waitFor(() => expect(client.getQueryState(['/api/go-live'])?.status).toBe('success'));
    expect(view.container.textContent).toBe('');
  });
});
