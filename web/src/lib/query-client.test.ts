import { afterEach, describe, expect, it, vi } from 'vitest';
import { setApiTransport, type ApiTransport } from './api-client';
import { ApiError } from './api-error';
import { adminApi, apiRequest, createQueryClient, defaultQueryFn, securityApi, throwIfResNotOk } from './query-client';
import { mockFetch } from '@/test-support/stubs';

afterEach(() => {
  setApiTransport(undefined);
  vi.unstubAllGlobals();
});


describe('throwIfResNotOk', () => {
  it('passes OK responses', async () => {
    await expect(throwIfResNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
  });

  it('throws "status: body" for an error with a body (401 included)', async () => {
    await expect(throwIfResNotOk(new Response('Unauthorized here', { status: 401 }))).rejects.toThrow(
      '401: Unauthorized here',
    );
  });

  it('throws an ApiError carrying the status and the body as sent', async () => {
    const error: unknown = await throwIfResNotOk(
      new Response('{"error":"Two-factor code required","twoFactorRequired":true}', { status: 401 }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, body: '{"error":"Two-factor code required","twoFactorRequired":true}' });
    expect((error as ApiError).json).toEqual({ error: 'Two-factor code required', twoFactorRequired: true });
  });

  it('falls back to the status text when the body is empty', async () => {
    await expect(
      throwIfResNotOk(new Response('', { status: 503, statusText: 'Service Unavailable' })),
    ).rejects.toThrow('503: Service Unavailable');
  });
});

describe('apiRequest', () => {
  it('sends JSON with its content type only when there is a body', async () => {
    const fetchMock = mockFetch(new Response(null, { status: 204 }));
    await apiRequest('POST', '/api/x', { a: 1 });
    expect(fetchMock).toHaveBeenCalledWith('/api/x', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"a":1}',
      credentials: 'include',
    });
  });

  it('sends no content type and no body without a body', async () => {
    const fetchMock = mockFetch(new Response(null, { status: 204 }));
    await apiRequest('DELETE', '/api/x/1');
    expect(fetchMock).toHaveBeenCalledWith('/api/x/1', {
      method: 'DELETE',
      headers: {},
      body: undefined,
      credentials: 'include',
    });
  });

  it('throws on a non-OK response', async () => {
    mockFetch(new Response('nope', { status: 400 }));
    await expect(apiRequest('PUT', '/api/x')).rejects.toThrow('400: nope');
  });
});

describe('defaultQueryFn', () => {
  it('GETs the first key element with credentials and parses JSON', async () => {
    const fetchMock = mockFetch(Response.json({ ok: true }));
    const client = createQueryClient();
    await expect(client.fetchQuery({ queryKey: ['/api/thing'] })).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledWith('/api/thing', expect.objectContaining({ credentials: 'include' }));
  });

  it('throws on 401 instead of returning null', async () => {
    mockFetch(new Response('Log in first', { status: 401 }));
    await expect(createQueryClient().fetchQuery({ queryKey: ['/api/private'] })).rejects.toThrow('401: Log in first');
  });

  it('is the default and the defaults follow [data.fetching]', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      queryFn: defaultQueryFn,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });
});

describe('the credential each call names', () => {
  function installTransport() {
    const transport: ApiTransport = {
      signInClient: 'desktop',
      fetch: vi.fn(async () => Response.json({ ok: true })),
      xhrTarget: (path) => ({ url: path, headers: {}, withCredentials: false }),
      setToken: vi.fn(async () => undefined),
      forgetToken: vi.fn(),
    };
    setApiTransport(transport);
    return transport;
  }

  it('sends a mutation with the area of the client it goes through, and none through apiRequest', async () => {
    const transport = installTransport();
    await adminApi.request('PUT', '/api/reviews/3', { isApproved: true });
    await securityApi.request('POST', '/api/security/unblock-ip', { ip: '203.0.113.9' });
    await apiRequest('POST', '/api/booking-inquiry', {});
    expect(vi.mocked(transport.fetch).mock.calls.map(([path, , area]) => [path, area])).toEqual([
      ['/api/reviews/3', 'admin'],
      ['/api/security/unblock-ip', 'security'],
      ['/api/booking-inquiry', undefined],
    ]);
  });

  it('sends a query with the area in its meta', async () => {
    const transport = installTransport();
    const client = createQueryClient();
    await client.fetchQuery({ queryKey: ['/api/security/status'], meta: securityApi.meta });
    await client.fetchQuery({ queryKey: ['/api/booking-inquiries'], meta: adminApi.meta });
    await client.fetchQuery({ queryKey: ['/api/images/config'] });
    expect(vi.mocked(transport.fetch).mock.calls.map(([path, , area]) => [path, area])).toEqual([
      ['/api/security/status', 'security'],
      ['/api/booking-inquiries', 'admin'],
      ['/api/images/config', undefined],
    ]);
  });
});
