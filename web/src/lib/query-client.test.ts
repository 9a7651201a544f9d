import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, createQueryClient, defaultQueryFn, throwIfResNotOk } from './query-client';

afterEach(() => {
  vi.unstubAllGlobals();
});

function mockFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('throwIfResNotOk', () => {
  it('passes OK responses', async () => {
    await expect(throwIfResNotOk(new Response('{}', { status: 200 }))).resolves.toBeUndefined();
  });

  it('throws "status: body" for an error with a body (401 included)', async () => {
    await expect(throwIfResNotOk(new Response('Unauthorized here', { status: 401 }))).rejects.toThrow(
      '401: Unauthorized here',
    );
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

  it('is the default and the defaults follow SPEC §9', () => {
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
