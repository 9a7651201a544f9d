import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/hooks/use-toast';
import { DeferredToaster } from './deferred-toaster';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('DeferredToaster ([perf.first-load], [ui.toasts])', () => {
  it('shows a toast raised before the page went idle, loading the toast area at once', async () => {
    // The page never goes idle in this test: only the raised toast can mount the toast area.
    vi.stubGlobal('requestIdleCallback', () => 1);
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    render(<DeferredToaster />);
    expect(document.body.textContent).toBe('');
    act(() => {
      toast({ title: 'Payment Successful', description: 'Thank you for your booking!' });
    });
    expect(await screen.findByText('Payment Successful')).toBeTruthy();
  });
});
