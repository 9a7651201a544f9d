import { describe, expect, it, vi } from 'vitest';
import { createDesktopTransport } from './desktop-transport';

const SERVER = 'http://localhost:3000';

function setup(
  initialTokens: { admin?: string; security?: string } = {},
  answer?: (url: string, init: RequestInit) => Response,
) {
  const calls: { url: string; init: RequestInit; headers: Headers }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init, headers: new Headers(init.headers) });
    return answer?.(url, init) ?? Response.json({ ok: true });
  });
  const bridge = {
    setToken: vi.fn(async () => ({ persisted: true })),
    clearToken: vi.fn(async () => undefined),
  };
  const onTokenPersistence = vi.fn();
  const transport = createDesktopTransport({ serverUrl: SERVER, bridge, initialTokens, onTokenPersistence, fetch });
  return { transport, calls, bridge, onTokenPersistence };
}

describe('the desktop API transport', () => {
  it('sends the SPA’s relative calls to the server with the admin bearer token and no cookies', async () => {
    const { transport, calls } = setup({ admin: 'admin-token', security: 'security-token' });
    await transport.fetch('/api/booking-inquiries', { credentials: 'include' }, 'admin');
    await transport.fetch(
      '/api/reviews/3',
      { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: '{"isApproved":true}' },
      'admin',
    );
    expect(calls[0]?.url).toBe('http://localhost:3000/api/booking-inquiries');
    expect(calls[0]?.init.credentials).toBe('omit');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer admin-token');
    expect(calls[1]?.init.method).toBe('PUT');
    expect(calls[1]?.init.body).toBe('{"isApproved":true}');
    expect(calls[1]?.headers.get('content-type')).toBe('application/json');
    expect(calls[1]?.headers.get('authorization')).toBe('Bearer admin-token');
  });

  it('uses the security console’s own token for its area, whatever the path', async () => {
    const { transport, calls } = setup({ admin: 'admin-token', security: 'security-token' });
    await transport.fetch('/api/security/status', {}, 'security');
    await transport.fetch('/api/auth/two-factor', {}, 'admin');
    await transport.fetch('/api/security/session', {}, 'admin');
    expect(calls.map((c) => c.headers.get('authorization'))).toEqual([
      'Bearer security-token',
      'Bearer admin-token',
      'Bearer admin-token',
    ]);
  });

  it('sends no Authorization header for a call that names no area, or without a token', async () => {
    const { transport, calls } = setup({ admin: 'admin-token' });
    await transport.fetch('/api/images/config', {}, undefined);
    await transport.fetch('/api/security/status', {}, 'security');
    expect(calls[0]?.headers.has('authorization')).toBe(false);
    expect(calls[1]?.headers.has('authorization')).toBe(false);
  });

  it('hands the page every answer as the server sent it, sign-in included', async () => {
    const answer = Response.json({ success: true, token: 'new-admin-token', expiresIn: 3600 });
    const { transport, calls, bridge } = setup({ admin: 'old-token' }, () => answer);
    const body = JSON.stringify({ password: 'owner-password', client: 'desktop' });
    const res = await transport.fetch('/api/auth/login', { method: 'POST', body }, undefined);
    expect(res).toBe(answer);
    expect(calls[0]?.init.body).toBe(body);
    expect(calls[0]?.headers.has('authorization')).toBe(false);
    expect(bridge.setToken).not.toHaveBeenCalled();
    expect(transport.token('admin')).toBe('old-token');
  });

  it('keeps the token it is handed, persisted through the preload, for that area’s later calls', async () => {
    const { transport, calls, bridge, onTokenPersistence } = setup();
    expect(transport.signInClient).toBe('desktop');
    await transport.setToken('admin', 'new-admin-token');
    expect(bridge.setToken).toHaveBeenCalledWith('admin', 'new-admin-token');
    expect(onTokenPersistence).toHaveBeenCalledWith(true);
    expect(transport.token('admin')).toBe('new-admin-token');
    expect(transport.token('security')).toBeNull();
    await transport.fetch('/api/auth/session', {}, 'admin');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer new-admin-token');
  });

  it('reports a token kept in memory only', async () => {
    const { transport, bridge, onTokenPersistence } = setup();
    bridge.setToken.mockResolvedValueOnce({ persisted: false });
    await transport.setToken('security', 't');
    expect(bridge.setToken).toHaveBeenCalledWith('security', 't');
    expect(onTokenPersistence).toHaveBeenCalledWith(false);
    expect(transport.token('security')).toBe('t');
  });

  it('forgets a token when told to (sign-out)', () => {
    const { transport, bridge } = setup({ admin: 'admin-token', security: 'fine' });
    transport.forgetToken('admin');
    expect(bridge.clearToken).toHaveBeenCalledWith('admin');
    expect(transport.token('admin')).toBeNull();
    expect(transport.token('security')).toBe('fine');
  });

  it('forgets a token the server no longer accepts (401)', async () => {
    const { transport, bridge } = setup(
      { admin: 'expired', security: 'fine' },
      () => new Response('Sign in first', { status: 401 }),
    );
    const res = await transport.fetch('/api/reviews', {}, 'admin');
    expect(res.status).toBe(401);
    expect(bridge.clearToken).toHaveBeenCalledWith('admin');
    expect(transport.token('admin')).toBeNull();
    expect(transport.token('security')).toBe('fine');
  });

  it('keeps the tokens when a call that carried none is refused (a wrong password)', async () => {
    const { transport, bridge } = setup({ admin: 'admin-token' }, () => Response.json({ error: 'Incorrect password' }, { status: 401 }));
    await transport.fetch('/api/auth/login', { method: 'POST', body: '{"password":"wrong"}' }, undefined);
    expect(bridge.clearToken).not.toHaveBeenCalled();
    expect(transport.token('admin')).toBe('admin-token');
  });

  it('never sends a token anywhere but the server’s API', async () => {
    const { transport, calls } = setup({ admin: 'admin-token' });
    for (const path of ['https://evil.example/api/x', '//evil.example/api/x', 'api/x', '/uploads/x.webp']) {
      await expect(transport.fetch(path, {}, 'admin')).rejects.toThrow(TypeError);
    }
    expect(calls).toHaveLength(0);
  });

  it('gives XMLHttpRequest uploads the server URL and the area’s bearer token, without cookies', () => {
    const { transport } = setup({ admin: 'admin-token' });
    expect(transport.xhrTarget('/api/upload-image', 'admin')).toEqual({
      url: 'http://localhost:3000/api/upload-image',
      headers: { Authorization: 'Bearer admin-token' },
      withCredentials: false,
    });
    expect(transport.xhrTarget('/api/upload-image', undefined).headers).toEqual({});
  });
});
