/**
 * Serves the renderer from the privileged `app://ridgeline` scheme instead of file:// (whose
 * origin is "null" and would reach every file on disk). The server's CORS allows exactly this
 * origin (web/server/http/cors.ts).
 *
 * - `app://ridgeline/<file>`: a file of the built renderer (desktop/dist/renderer), never one
 *   outside it; unknown paths without an extension get index.html.
 * - `app://ridgeline/uploads/…` and `/images/…`: fetched from the configured server, so the
 *   owner pages' image paths ("/uploads/hero.webp") show the server's photos.
 * Every answer carries the renderer's CSP and `X-Content-Type-Options: nosniff`.
 */
import { readFile as fsReadFile } from 'node:fs/promises';
import path from 'node:path';
import { APP_HOST, APP_SCHEME } from '../shared/ridgeline-api';
import { rendererCsp } from './csp';

/** Registered before `app` is ready (protocol.registerSchemesAsPrivileged). */
export const APP_SCHEME_PRIVILEGES = {
  scheme: APP_SCHEME,
  // standard: real origin, relative URLs, localStorage; secure: a secure context like https;
  // supportFetchAPI + corsEnabled: the bundle's `<script type="module" crossorigin>` loads.
  privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true },
} as const;

const PROXIED_PREFIXES = ['/uploads/', '/images/'];

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

export interface AppProtocolOptions {
  /** Absolute path of the built renderer. */
  rendererDir: string;
  getServerUrl: () => string | null;
  /** Electron's `net.fetch` in the app (Chromium's network stack); global fetch in tests. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  readFile?: (file: string) => Promise<Buffer>;
}

export type AppRequestTarget =
  { kind: 'file'; file: string; fallback?: string } | { kind: 'proxy'; url: string } | { kind: 'not-found' };

/** Maps an app:// URL to what answers it; pure, so the path rules are tested on their own. */
export function resolveAppRequest(rawUrl: string, rendererDir: string, serverUrl: string | null): AppRequestTarget {
  let url: URL;
  let pathname: string;
  try {
    url = new URL(rawUrl);
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return { kind: 'not-found' };
  }
  if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST || url.username || url.password)
    return { kind: 'not-found' };
  if (pathname.includes('\0')) return { kind: 'not-found' };
  if (PROXIED_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) {
    return serverUrl ? { kind: 'proxy', url: `${serverUrl}${url.pathname}${url.search}` } : { kind: 'not-found' };
  }
  const root = path.resolve(rendererDir);
  const index = path.join(root, 'index.html');
  const relative = pathname.replace(/^\/+/, '');
  if (!relative) return { kind: 'file', file: index };
  const file = path.resolve(root, relative);
  if (!file.startsWith(root + path.sep)) return { kind: 'not-found' };
  return path.extname(file) ? { kind: 'file', file } : { kind: 'file', file, fallback: index };
}

export function createAppProtocolHandler({
  rendererDir,
  getServerUrl,
  fetch: fetchImpl = (url, init) => fetch(url, init),
  readFile = (file) => fsReadFile(file),
}: AppProtocolOptions): (request: Request) => Promise<Response> {
  const headersFor = (contentType: string) => ({
    'Content-Type': contentType,
    'Content-Security-Policy': rendererCsp(getServerUrl()),
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-cache',
  });
  const notFound = () => new Response('Not found', { status: 404, headers: headersFor('text/plain; charset=utf-8') });

  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: headersFor('text/plain; charset=utf-8') });
    }
    const target = resolveAppRequest(request.url, rendererDir, getServerUrl());
    if (target.kind === 'not-found') return notFound();
    if (target.kind === 'proxy') {
      try {
        const res = await fetchImpl(target.url, { method: 'GET', redirect: 'error', credentials: 'omit' });
        const type = res.headers.get('content-type') ?? 'application/octet-stream';
        // Only images come through here; anything else (an HTML error page) is not shown.
        if (!res.ok || !type.startsWith('image/')) return notFound();
        return new Response(request.method === 'HEAD' ? null : res.body, { status: 200, headers: headersFor(type) });
      } catch {
        return notFound();
      }
    }
    for (const file of [target.file, target.fallback]) {
      if (!file) continue;
      try {
        const body = await readFile(file);
        const type = CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
        return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), {
          status: 200,
          headers: headersFor(type),
        });
      } catch {
        // Missing: try the fallback, then 404.
      }
    }
    return notFound();
  };
}
