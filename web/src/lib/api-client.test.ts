import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, apiXhrTarget, setApiTransport, type ApiTransport } from './api-client';

afterEach(() => {
  setApiTransport(undefined);
  vi.unstubAllGlobals();
});

describe('api-client (the seam the desktop app replaces)', () => {
  it('in the browser, is exactly fetch(path, init): relative URL, cookies as the caller asked', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    const init: RequestInit = { method: 'POST', credentials: 'include', body: '{}' };
    await apiFetch('/api/reviews', init);
    expect(fetchMock).toHaveBeenCalledWith('/api/reviews', init);
    expect(fetchMock.mock.calls[0]?.[1]).toBe(init);
    expect(apiXhrTarget('/api/upload-image')).toEqual({ url: '/api/upload-image', headers: {}, withCredentials: true });
  });

  it('hands every call to an installed transport instead', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const transport: ApiTransport = {
      fetch: vi.fn(async () => new Response('from the desktop')),
      xhrTarget: (path) => ({
        url: `http://localhost:3000${path}`,
        headers: { Authorization: 'Bearer t' },
        withCredentials: false,
      }),
    };
    setApiTransport(transport);
    expect(await (await apiFetch('/api/reviews', { credentials: 'include' })).text()).toBe('from the desktop');
    expect(transport.fetch).toHaveBeenCalledWith('/api/reviews', { credentials: 'include' });
    expect(apiXhrTarget('/api/upload-image').url).toBe('http://localhost:3000/api/upload-image');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
