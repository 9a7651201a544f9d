import { describe, expect, it, vi } from 'vitest';
import { areaOf, createDesktopTransport } from './desktop-transport';

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
    await transport.fetch('/api/booking-inquiries', { credentials: 'include' });
    await transport.fetch('/api/reviews/3', {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{"isApproved":true}',
    });
    expect(calls[0]?.url).toBe('http://localhost:3000/api/booking-inquiries');
    expect(calls[0]?.init.credentials).toBe('omit');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer admin-token');
    expect(calls[1]?.init.method).toBe('PUT');
    expect(calls[1]?.init.body).toBe('{"isApproved":true}');
    expect(calls[1]?.headers.get('content-type')).toBe('application/json');
    expect(calls[1]?.headers.get('authorization')).toBe('Bearer admin-token');
  });

  it('uses the security console’s own token for its area', async () => {
    const { transport, calls } = setup({ admin: 'admin-token', security: 'security-token' });
    await transport.fetch('/api/security/status', {});
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer security-token');
    expect(areaOf('/api/security/block-ip')).toBe('security');
    expect(areaOf('/api/securityx')).toBe('admin');
  });

  it('sends no Authorization header without a token', async () => {
    const { transport, calls } = setup();
    await transport.fetch('/api/health', {});
    expect(calls[0]?.headers.has('authorization')).toBe(false);
  });

  it('signs in as the desktop client, keeps the token and hands the page the browser’s answer', async () => {
    const { transport, calls, bridge, onTokenPersistence } = setup({}, () =>
      Response.json({ success: true, token: 'new-admin-token', expiresIn: 3600 }),
    );
    const res = await transport.fetch('/api/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: 'owner-password' }),
      credentials: 'include',
    });
    expect(JSON.parse(String(calls[0]?.init.body))).toEqual({ password: 'owner-password', client: 'desktop' });
    expect(calls[0]?.headers.has('authorization')).toBe(false);
    expect(await res.json()).toEqual({ success: true });
    expect(bridge.setToken).toHaveBeenCalledWith('admin', 'new-admin-token');
    expect(onTokenPersistence).toHaveBeenCalledWith(true);
    expect(transport.token('admin')).toBe('new-admin-token');
    await transport.fetch('/api/auth/session', {});
    expect(calls[1]?.headers.get('authorization')).toBe('Bearer new-admin-token');
  });

  it('reports a token kept in memory only', async () => {
    const { transport, bridge, onTokenPersistence } = setup({}, () => Response.json({ success: true, token: 't' }));
    bridge.setToken.mockResolvedValueOnce({ persisted: false });
    await transport.fetch('/api/security/login', { method: 'POST', body: '{"password":"x"}' });
    expect(bridge.setToken).toHaveBeenCalledWith('security', 't');
    expect(onTokenPersistence).toHaveBeenCalledWith(false);
  });

  it('passes a refused sign-in through untouched and keeps no token', async () => {
    const { transport, bridge } = setup({}, () => Response.json({ error: 'Incorrect password' }, { status: 401 }));
    const res = await transport.fetch('/api/auth/login', { method: 'POST', body: '{"password":"wrong"}' });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Incorrect password' });
    expect(bridge.setToken).not.toHaveBeenCalled();
  });

  it('signs in in two steps when two-factor sign-in is on: the "code required" answer passes through, the code goes with the password', async () => {
    const { transport, calls, bridge } = setup({ admin: 'other-token' }, (_url, init) => {
      const body = JSON.parse(String(init.body)) as { totp?: string; recoveryCode?: string };
      if (body.totp === '123456' || body.recoveryCode === 'abcd-efgh-jkmn-pqrs') return Response.json({ success: true, token: 'second-step-token' });
      const error = body.totp || body.recoveryCode ? 'Incorrect two-factor code' : 'Two-factor code required';
      return Response.json({ error, twoFactorRequired: true }, { status: 401 });
    });
    const login = (fields: object) => transport.fetch('/api/security/login', { method: 'POST', body: JSON.stringify({ password: 'console-password', ...fields }) });

    const first = await login({});
    expect(first.status).toBe(401);
    expect(await first.json()).toEqual({ error: 'Two-factor code required', twoFactorRequired: true });
    const wrong = await login({ totp: '000000' });
    expect(await wrong.json()).toEqual({ error: 'Incorrect two-factor code', twoFactorRequired: true });
    expect(bridge.setToken).not.toHaveBeenCalled();
    // A refused step of the console's sign-in leaves the admin's token alone.
    expect(transport.token('admin')).toBe('other-token');

    const second = await login({ totp: '123456' });
    expect(JSON.parse(String(calls[2]?.init.body))).toEqual({ password: 'console-password', totp: '123456', client: 'desktop' });
    expect(await second.json()).toEqual({ success: true });
    expect(bridge.setToken).toHaveBeenCalledWith('security', 'second-step-token');
    expect(transport.token('security')).toBe('second-step-token');

    await login({ recoveryCode: 'abcd-efgh-jkmn-pqrs' });
    expect(JSON.parse(String(calls[3]?.init.body))).toEqual({ password: 'console-password', recoveryCode: 'abcd-efgh-jkmn-pqrs', client: 'desktop' });
  });

  it('forgets the token on logout, whatever the server answers', async () => {
    const { transport, calls, bridge } = setup({ admin: 'admin-token' }, () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(transport.fetch('/api/auth/logout', { method: 'POST' })).rejects.toThrow('Failed to fetch');
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer admin-token');
    expect(bridge.clearToken).toHaveBeenCalledWith('admin');
    expect(transport.token('admin')).toBeNull();
  });

  it('forgets a token the server no longer accepts (401)', async () => {
    const { transport, bridge } = setup(
      { admin: 'expired', security: 'fine' },
      () => new Response('Sign in first', { status: 401 }),
    );
    const res = await transport.fetch('/api/reviews', {});
    expect(res.status).toBe(401);
    expect(bridge.clearToken).toHaveBeenCalledWith('admin');
    expect(transport.token('admin')).toBeNull();
    expect(transport.token('security')).toBe('fine');
  });

  it('never sends a token anywhere but the server’s API', async () => {
    const { transport, calls } = setup({ admin: 'admin-token' });
    for (const path of ['https://evil.example/api/x', '//evil.example/api/x', 'api/x', '/uploads/x.webp']) {
      await expect(transport.fetch(path, {})).rejects.toThrow(TypeError);
    }
    expect(calls).toHaveLength(0);
  });

  it('gives XMLHttpRequest uploads the server URL and the bearer token, without cookies', () => {
    const { transport } = setup({ admin: 'admin-token' });
    expect(transport.xhrTarget('/api/upload-image')).toEqual({
      url: 'http://localhost:3000/api/upload-image',
      headers: { Authorization: 'Bearer admin-token' },
      withCredentials: false,
    });
  });
});
