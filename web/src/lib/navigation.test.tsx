import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { Router, useLocation } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/hooks/use-toast';
import { useCheckoutOutcomeToast } from '@/components/booking-widget/use-checkout-outcome-toast';
import { hashRouteLocation } from './hash-route-location';
import { pathOf, useHistoryEntry, useNavigationType, useSearchParams } from './navigation';

vi.mock('@/hooks/use-toast', () => ({ toast: vi.fn() }));

/** What the helpers read, as text: `TYPE pathname search hash state id`. */
function EntryProbe() {
  const entry = useHistoryEntry();
  const type = useNavigationType();
  return (
    <p data-testid="entry" data-id={entry.navigationId}>
      {[type, entry.pathname, entry.search || '-', entry.hash || '-', JSON.stringify(entry.state)].join(' ')}
    </p>
  );
}

const entryText = () => screen.getByTestId('entry').textContent;
const entryId = () => Number(screen.getByTestId('entry').dataset.id);

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});
afterEach(() => {
  cleanup();
  vi.mocked(toast).mockClear();
});

describe('useHistoryEntry and useNavigationType', () => {
  it('follow pushes, replaces and Back, with a new id on every navigation', async () => {
    render(<EntryProbe />);
    const start = entryId();
    act(() => navigate('/checkout?amount=5#pay', { state: { from: 'home' } }));
    expect(entryText()).toBe('PUSH /checkout ?amount=5 #pay {"from":"home"}');
    expect(entryId()).toBe(start + 1);

    act(() => navigate('/checkout?amount=5#pay', { state: { from: 'home' } }));
    expect(entryId(), 'the same URL again is another navigation').toBe(start + 2);

    act(() => navigate('/', { replace: true }));
    expect(entryText()).toBe('REPLACE / - - null');

    act(() => window.history.back());
    await waitFor(() => expect(entryText()).toBe('POP /checkout ?amount=5 #pay {"from":"home"}'));
  });
});

describe('useSearchParams', () => {
  function Tabs() {
    const [params, setParams] = useSearchParams();
    return (
      <button type="button" onClick={() => setParams((current) => (current.set('tab', 'calendar'), current), { replace: true })}>
        {params.get('tab') ?? 'none'}
      </button>
    );
  }

  it('reads the query and replaces it, keeping the path and dropping the hash', () => {
    window.history.replaceState(null, '', '/admin?tab=bookings&x=1#booking-3');
    const length = window.history.length;
    render(<Tabs />);
    expect(screen.getByRole('button').textContent).toBe('bookings');
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('calendar');
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/admin?tab=calendar&x=1');
    expect(window.history.length).toBe(length);
  });
});

describe('pathOf', () => {
  it('joins the parts, leaving out an empty query or hash', () => {
    expect(pathOf({ pathname: '/', search: '', hash: '#booking' })).toBe('/#booking');
    expect(pathOf({ pathname: '/checkout', search: 'a=1', hash: '' })).toBe('/checkout?a=1');
    expect(pathOf({ pathname: '/', search: '?', hash: '#' })).toBe('/');
  });
});

describe('hashRouteLocation (the desktop app)', () => {
  function HashProbe() {
    const [path, go] = useLocation();
    const [params] = useSearchParams();
    return (
      <button type="button" onClick={() => go('/security-console')}>
        {path} {params.get('tab') ?? 'none'}
      </button>
    );
  }

  it('routes by the hash, its query inside it, an anchor after it ignored', () => {
    window.history.replaceState(null, '', '/index.html#/admin?tab=bookings#booking-12');
    render(
      <Router hook={hashRouteLocation}>
        <HashProbe />
      </Router>,
    );
    expect(screen.getByRole('button').textContent).toBe('/admin bookings');
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button').textContent).toBe('/security-console none');
    expect(window.location.pathname + window.location.hash).toBe('/index.html#/security-console');
  });
});

describe('the checkout outcome on the home page', () => {
  function Home() {
    useCheckoutOutcomeToast();
    return null;
  }

  it('is announced once (StrictMode runs the effect twice), then the URL is cleaned in place', async () => {
    window.history.pushState(null, '', '/?success=true');
    const length = window.history.length;
    render(
      <StrictMode>
        <Home />
      </StrictMode>,
    );
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(1), { timeout: 15_000 } /* the first import of the texts, on a busy machine */);
    expect(vi.mocked(toast).mock.calls[0]?.[0]).toMatchObject({ title: 'Payment Successful' });
    // Both effect runs asked for the texts before this: their callbacks have run by now.
    await import('@/components/booking-widget/outcome-toast');
    expect(toast).toHaveBeenCalledTimes(1);
    expect(window.location.pathname + window.location.search).toBe('/');
    expect(window.history.length).toBe(length);
  }, 20_000);

  it('carried in history state, sends the guest to the booking section', async () => {
    window.history.pushState({ checkoutOutcome: 'payment' }, '', '/');
    render(<Home />);
    await waitFor(() => expect(toast).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    expect(window.location.pathname + window.location.search + window.location.hash).toBe('/#booking');
    expect(window.history.state).toBeNull();
  }, 20_000);
});
