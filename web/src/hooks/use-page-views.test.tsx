import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { Link, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePageViews } from './use-page-views';

function Probe() {
  usePageViews();
  return (
    <>
      <Link to="/checkout">checkout</Link>
      <Link to="/checkout?step=2">step 2</Link>
    </>
  );
}

afterEach(() => {
  // Each test renders its own tree (Vitest's globals are off, so Testing Library does not unmount by itself).
  cleanup();
  vi.unstubAllGlobals();
});

describe('usePageViews', () => {
  it('reports the first page once (even in StrictMode) and each path change', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    render(
      <StrictMode>
        <Router hook={memoryLocation({ path: '/' }).hook}>
          <Probe />
        </Router>
      </StrictMode>,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(async () => fireEvent.click(screen.getByText('checkout')));
    await act(async () => fireEvent.click(screen.getByText('step 2')));
    expect(fetchMock).toHaveBeenCalledTimes(2);

    const bodies = fetchMock.mock.calls.map(([url, init]) => {
      expect(url).toBe('/api/analytics/pageview');
      expect(init).toMatchObject({ method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' } });
      return JSON.parse(String(init?.body)) as unknown;
    });
    expect(bodies).toEqual([
      { path: '/', referrer: document.referrer },
      { path: '/checkout', referrer: document.referrer },
    ]);
  });

  it('never throws when reporting fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    expect(() =>
      render(
        <Router hook={memoryLocation().hook}>
          <Probe />
        </Router>,
      ),
    ).not.toThrow();
  });
});
