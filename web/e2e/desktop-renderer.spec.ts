import { createReadStream, existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, type Page, type Request } from '@playwright/test';
import { PROPERTY, addDays, exportFileNames, todayIn } from '@ridgeline/core';
import { dashboardTab, insertBooking } from './admin-dashboard-helpers';
import { E2E_ADMIN_PASSWORD, startServer } from './fixtures';
import { totpCode } from './security-helpers';

/**
 * The desktop app's renderer (desktop/dist/renderer, built by `npm run build`) in Chromium
 * against the real server. Electron cannot run here, so the renderer is served over http by a
 * tiny static server and `window.ridgeline` is a stand-in for the preload API (an in-memory
 * store kept in sessionStorage, and a saveFile that records what it was given). The server's
 * CORS allows the static server's origin through DESKTOP_ORIGINS, as it allows app://ridgeline
 * in the app; a second static origin, not listed, shows the lock.
 */

const rendererDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../desktop/dist/renderer');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/** Serves the built renderer on a free port of 127.0.0.1. */
async function serveRenderer(): Promise<{ origin: string; close: () => Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.resolve(rendererDir, `.${pathname === '/' ? '/index.html' : pathname}`);
    if (!file.startsWith(rendererDir + path.sep) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

interface StandIn {
  serverUrl: string | null;
  tokens: Partial<Record<'admin' | 'security', string>>;
  saved: { suggestedName: string; content: string }[];
}

const STAND_IN_KEY = 'ridgeline-preload-stand-in';

/** `window.ridgeline` as the preload exposes it, with its state in sessionStorage (reloads keep it). */
async function installPreloadStandIn(page: Page, serverUrl: string | null): Promise<void> {
  await page.addInitScript(
    ({ key, initialUrl }) => {
      const read = (): StandIn =>
        JSON.parse(sessionStorage.getItem(key) ?? 'null') ?? { serverUrl: initialUrl, tokens: {}, saved: [] };
      const write = (state: StandIn) => sessionStorage.setItem(key, JSON.stringify(state));
      const update = (change: (state: StandIn) => void) => {
        const state = read();
        change(state);
        write(state);
      };
      Object.defineProperty(window, 'ridgeline', {
        value: Object.freeze({
          getServerUrl: async () => read().serverUrl,
          setServerUrl: async (url: string) => {
            const serverUrl = url.replace(/\/+$/, '');
            update((s) => {
              s.serverUrl = serverUrl;
              s.tokens = {};
            });
            return { ok: true, serverUrl };
          },
          getToken: async (area: 'admin' | 'security') => read().tokens[area] ?? null,
          setToken: async (area: 'admin' | 'security', token: string) => {
            update((s) => {
              s.tokens[area] = token;
            });
            return { persisted: true };
          },
          clearToken: async (area: 'admin' | 'security') => update((s) => delete s.tokens[area]),
          saveFile: async (request: { suggestedName: string; content: string }) => {
            update((s) => s.saved.push({ suggestedName: request.suggestedName, content: request.content }));
            return { saved: true, path: `/home/owner/Downloads/${request.suggestedName}` };
          },
        }),
      });
    },
    { key: STAND_IN_KEY, initialUrl: serverUrl },
  );
}

const standIn = (page: Page): Promise<StandIn> =>
  page.evaluate((key) => JSON.parse(sessionStorage.getItem(key) ?? 'null') as StandIn, STAND_IN_KEY);

test.describe('desktop renderer', () => {
  let renderer: Awaited<ReturnType<typeof serveRenderer>>;
  let notAllowed: Awaited<ReturnType<typeof serveRenderer>>;
  let server: Awaited<ReturnType<typeof startServer>>;
  const today = todayIn(PROPERTY.timeZone);

  test.beforeAll(async () => {
    expect(existsSync(path.join(rendererDir, 'index.html')), 'run `npm run build` first (desktop/dist/renderer)').toBe(
      true,
    );
    [renderer, notAllowed] = await Promise.all([serveRenderer(), serveRenderer()]);
    server = await startServer({ DESKTOP_ORIGINS: `app://ridgeline,${renderer.origin}` });
    insertBooking(server.dataDir, {
      firstName: 'Dana',
      lastName: 'Desktop',
      email: 'dana@example.com',
      checkin: today,
      checkout: addDays(today, 2),
      paymentStatus: 'paid',
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await Promise.all([renderer?.close(), notAllowed?.close()]);
  });

  test('signs in with a bearer token, exports a CSV through the native Save stand-in, logs out', async ({
    page,
    context,
  }) => {
    await installPreloadStandIn(page, server.url);
    const apiRequests: Request[] = [];
    page.on('request', (req) => {
      if (req.url().startsWith(`${server.url}/api/`)) apiRequests.push(req);
    });

    await page.goto(`${renderer.origin}/#/admin`);
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible();
    // The same go-live checklist as the browser's Overview ([setup.go-live]), read with the bearer token.
    await expect(page.getByRole('region', { name: 'Go-live checklist' }).getByRole('listitem').first()).toBeVisible();
    expect(apiRequests.find((r) => r.url().endsWith('/api/go-live'))?.headers().authorization).toMatch(/^Bearer \S{20,}$/);

    const token = (await standIn(page)).tokens.admin;
    expect(token).toMatch(/^\S{20,}$/);
    const login = apiRequests.find((r) => r.url().endsWith('/api/auth/login'));
    expect(login?.postDataJSON()).toEqual({ password: E2E_ADMIN_PASSWORD, client: 'desktop' });

    await dashboardTab(page, 'Reports').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Financial Reports' })).toBeVisible();
    await page.getByRole('button', { name: 'Export All Bookings' }).click();
    await expect(page.getByRole('region', { name: /Notifications/ }).getByRole('listitem')).toContainText(
      'Export Complete',
    );

    const { saved } = await standIn(page);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.suggestedName).toBe(exportFileNames.bookings(today));
    expect(saved[0]?.content.startsWith('"ID","First Name","Last Name","Email",')).toBe(true);
    expect(saved[0]?.content).toContain('"Dana","Desktop","dana@example.com"');
    expect(saved[0]?.content.endsWith('\r\n')).toBe(true);

    // The Images tab polls the (public) image config; it goes with the admin token too (below).
    await dashboardTab(page, 'Images').click();
    await expect(page.getByRole('heading', { level: 2, name: 'Images' })).toBeVisible();
    await expect.poll(() => apiRequests.some((r) => r.url().endsWith('/api/images/config'))).toBe(true);

    // Every admin call carried the bearer token; no call carried a cookie, and none was set.
    const inquiries = apiRequests.filter((r) => r.url().endsWith('/api/booking-inquiries') && r.method() === 'GET');
    expect(inquiries.length).toBeGreaterThan(0);
    for (const req of apiRequests) {
      const headers = await req.allHeaders();
      expect(headers.cookie, req.url()).toBeUndefined();
      if (req.method() !== 'OPTIONS' && !req.url().endsWith('/api/auth/login') && !req.url().endsWith('/api/health')) {
        expect(headers.authorization, `${req.method()} ${req.url()}`).toBe(`Bearer ${token}`);
      }
    }
    expect(await context.cookies(server.url)).toEqual([]);

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    expect((await standIn(page)).tokens.admin).toBeUndefined();
    const session = await fetch(`${server.url}/api/auth/session`, { headers: { Authorization: `Bearer ${token}` } });
    expect(await session.json()).toEqual({ authenticated: false });
  });

  test('signs in with a two-factor code: the second step goes through the desktop transport', async ({ page }) => {
    // Two-factor sign-in turned on through the API (with a desktop token), off again after.
    const api = async (path: string, body: object, token?: string) => {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      expect(res.status, path).toBe(200);
      return (await res.json()) as Record<string, unknown>;
    };
    const { token } = (await api('/api/auth/login', { password: E2E_ADMIN_PASSWORD, client: 'desktop' })) as { token: string };
    const { secret } = (await api('/api/auth/two-factor/setup', {}, token)) as { secret: string };
    const { recoveryCodes } = (await api('/api/auth/two-factor/enable', { totp: totpCode(secret) }, token)) as { recoveryCodes: string[] };
    try {
      await installPreloadStandIn(page, server.url);
      const logins: Request[] = [];
      page.on('request', (req) => {
        if (req.url() === `${server.url}/api/auth/login` && req.method() === 'POST') logins.push(req);
      });
      await page.goto(`${renderer.origin}/#/admin`);
      await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Login' }).click();
      const code = page.getByLabel('Authentication code');
      await expect(code).toBeFocused();
      const totp = totpCode(secret, 30);
      await code.fill(totp);
      await page.getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible();
      expect(logins.map((r) => r.postDataJSON() as unknown)).toEqual([
        { password: E2E_ADMIN_PASSWORD, client: 'desktop' },
        { password: E2E_ADMIN_PASSWORD, totp, client: 'desktop' },
      ]);
      const desktopToken = (await standIn(page)).tokens.admin;
      expect(desktopToken).toMatch(/^\S{20,}$/);
      const session = await fetch(`${server.url}/api/auth/session`, { headers: { Authorization: `Bearer ${desktopToken}` } });
      expect(await session.json()).toEqual({ authenticated: true });
    } finally {
      await api('/api/auth/two-factor/disable', { recoveryCode: recoveryCodes[0] }, token);
    }
  });

  test('first run asks for the server address, proposing localhost:3000', async ({ page }) => {
    await installPreloadStandIn(page, null);
    await page.goto(`${renderer.origin}/#/admin`);
    await expect(page.getByRole('heading', { name: 'Connect to Ridgeline' })).toBeVisible();
    const address = page.getByLabel('Server address');
    await expect(address).toHaveValue('http://localhost:3000');
    await address.fill(`${server.url}/`);
    await page.getByRole('button', { name: 'Connect' }).click();
    await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
    expect((await standIn(page)).serverUrl).toBe(server.url);
  });

  test('an origin the server does not allow cannot reach it: a clear screen with Retry and Change server', async ({
    page,
  }) => {
    await installPreloadStandIn(page, server.url);
    await page.goto(`${notAllowed.origin}/#/admin`);
    await expect(page.getByRole('heading', { name: 'Server unreachable' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText(`Could not connect to ${server.url}.`);
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Server unreachable' })).toBeVisible();
    await page.getByRole('button', { name: 'Change server' }).click();
    await expect(page.getByRole('heading', { name: 'Change server' })).toBeVisible();
    await expect(page.getByLabel('Server address')).toHaveValue(server.url);
  });
});
