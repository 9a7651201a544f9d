import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiFetch,
  apiXhrTarget,
  forgetSessionToken,
  keepSessionToken,
  setApiTransport,
  signInClient,
  type ApiTransport,
} from './api-client';

afterEach(() => {
  setApiTransport(undefined);
  vi.unstubAllGlobals();
});

function stubTransport(): ApiTransport {
  return {
    signInClient: 'desktop',
    fetch: vi.fn(async () => new Response('from the desktop')),
    xhrTarget: (path, area) => ({
      url: `http://localhost:3000${path}`,
      headers: area ? { Authorization: `Bearer ${area}-token` } : ({} as Record<string, string>),
      withCredentials: false,
    }),
    setToken: vi.fn(async () => undefined),
    forgetToken: vi.fn(),
  };
}

describe('api-client (the seam the desktop app replaces)', () => {
  it('in the browser, is exactly fetch(path, init): relative URL, cookies as the caller asked', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('{}'));
    vi.stubGlobal('fetch', fetchMock);
    const init: RequestInit = { method: 'POST', credentials: 'include', body: '{}' };
    await apiFetch('/api/reviews', init, 'admin');
    expect(fetchMock).toHaveBeenCalledWith('/api/reviews', init);
    expect(fetchMock.mock.calls[0]?.[1]).toBe(init);
    expect(apiXhrTarget('/api/upload-image', 'admin')).toEqual({ url: '/api/upload-image', headers: {}, withCredentials: true });
  });

  it('in the browser, signs in for a cookie and has no token to keep or forget', async () => {
    expect(signInClient()).toBeUndefined();
    await expect(keepSessionToken('admin', 't')).resolves.toBeUndefined();
    expect(() => forgetSessionToken('security')).not.toThrow();
  });

  it('hands every call to an installed transport instead, with the area it names', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    const transport = stubTransport();
    setApiTransport(transport);
    expect(await (await apiFetch('/api/reviews', { credentials: 'include' })).text()).toBe('from the desktop');
    expect(transport.fetch).toHaveBeenCalledWith('/api/reviews', { credentials: 'include' }, undefined);
    await apiFetch('/api/security/status', {}, 'security');
    expect(transport.fetch).toHaveBeenLastCalledWith('/api/security/status', {}, 'security');
    expect(apiXhrTarget('/api/upload-image').url).toBe('http://localhost:3000/api/upload-image');
    expect(apiXhrTarget('/api/upload-image', 'admin').headers).toEqual({ Authorization: 'Bearer admin-token' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('passes sign-in’s token and sign-out to the installed transport', async () => {
    const transport = stubTransport();
    setApiTransport(transport);
    expect(signInClient()).toBe('desktop');
    await keepSessionToken('security', 'console-token');
    expect(transport.setToken).toHaveBeenCalledWith('security', 'console-token');
    forgetSessionToken('admin');
    expect(transport.forgetToken).toHaveBeenCalledWith('admin');
  });
});
