// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPasswordSessionHook, SignInError } from '@/hooks/create-password-session';
import { setApiTransport } from '@/lib/api-client';
import { createQueryClient, securityApi } from '@/lib/query-client';
import { createDesktopTransport } from './desktop-transport';

/**
 * The desktop sign-in end to end in the renderer: the web's session hook, the real desktop
 * transport, and a stand-in for the server's `POST /api/security/login` (auth.routes.ts).
 */
const { usePasswordSession } = createPasswordSessionHook({
  flagKey: 'desktopSignInTest',
  storage: 'session',
  area: 'security',
  incorrectPassword: 'Incorrect security password',
});

afterEach(() => {
  setApiTransport(undefined);
  window.sessionStorage.clear();
});

function setup(login: (body: Record<string, unknown>) => Response) {
  const calls: { url: string; body: unknown; authorization: string | null }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const authorization = new Headers(init.headers).get('authorization');
    calls.push({ url, body, authorization });
    // The session check knows a session by its bearer token only.
    if (url.endsWith('/api/security/session')) return Response.json({ authenticated: authorization?.startsWith('Bearer ') === true });
    if (url.endsWith('/api/security/login')) return login(body as Record<string, unknown>);
    if (url.endsWith('/api/security/logout')) throw new TypeError('Failed to fetch');
    return Response.json({ ok: true });
  });
  const bridge = { setToken: vi.fn(async () => ({ persisted: true })), clearToken: vi.fn(async () => undefined) };
  const transport = createDesktopTransport({ serverUrl: 'http://localhost:3000', bridge, initialTokens: { admin: 'admin-token' }, fetch });
  setApiTransport(transport);
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client: queryClient }, children);
  const { result } = renderHook(() => usePasswordSession(), { wrapper });
  return { result, calls, bridge, transport };
}

/** Two-factor sign-in on: the right password needs a code ([desktop.sign-in], [auth.two-factor]). */
const twoFactorServer = (body: Record<string, unknown>) => {
  if (body.totp === '123456') return Response.json({ success: true, token: 'second-step-token', expiresIn: 3600 });
  const error = body.totp ? 'Incorrect two-factor code' : 'Two-factor code required';
  return Response.json({ error, twoFactorRequired: true }, { status: 401 });
};

describe('signing in in the desktop app', () => {
  it('asks for a desktop token, passes the two-factor step through, and hands the token to the transport', async () => {
    const { result, calls, bridge, transport } = setup(twoFactorServer);

    const first = await act(() => result.current.login('console-password').catch((error: unknown) => error));
    expect(first).toEqual(new SignInError('Two-factor code required', true));
    expect((first as SignInError).twoFactorRequired).toBe(true);
    const wrong = await act(() => result.current.login('console-password', { totp: '000000' }).catch((error: unknown) => error));
    expect(wrong).toEqual(new SignInError('Incorrect two-factor code', true));
    expect(bridge.setToken).not.toHaveBeenCalled();
    // A refused step of the console's sign-in leaves the admin's token alone.
    expect(transport.token('admin')).toBe('admin-token');

    await act(() => result.current.login('console-password', { totp: '123456' }));
    const logins = calls.filter((c) => c.url === 'http://localhost:3000/api/security/login');
    expect(logins.map((c) => c.body)).toEqual([
      { password: 'console-password', client: 'desktop' },
      { password: 'console-password', totp: '000000', client: 'desktop' },
      { password: 'console-password', totp: '123456', client: 'desktop' },
    ]);
    // Sign-in carries no credential.
    expect(logins.map((c) => c.authorization)).toEqual([null, null, null]);
    expect(bridge.setToken).toHaveBeenCalledWith('security', 'second-step-token');
    expect(transport.token('security')).toBe('second-step-token');
    await waitFor(() => expect(result.current.status).toBe('signed-in'));

    await securityApi.request('GET', '/api/security/status');
    expect(calls.at(-1)?.authorization).toBe('Bearer second-step-token');
  });

  it('forgets the token on logout, whatever the server answers', async () => {
    const { result, calls, bridge, transport } = setup(() => Response.json({ success: true, token: 'console-token' }));
    await act(() => result.current.login('console-password'));
    await act(() => result.current.logout());
    expect(calls.at(-1)).toMatchObject({ url: 'http://localhost:3000/api/security/logout', authorization: 'Bearer console-token' });
    expect(bridge.clearToken).toHaveBeenCalledWith('security');
    expect(transport.token('security')).toBeNull();
    expect(transport.token('admin')).toBe('admin-token');
    expect(result.current.status).toBe('signed-out');
  });

  it('refuses a sign-in the server answered without a token', async () => {
    const { result, bridge } = setup(() => Response.json({ success: true }));
    const error = await act(() => result.current.login('console-password').catch((e: unknown) => e));
    expect(error).toEqual(new SignInError('The server did not issue a desktop session.'));
    expect(bridge.setToken).not.toHaveBeenCalled();
    expect(result.current.status).toBe('signed-out');
  });
});
