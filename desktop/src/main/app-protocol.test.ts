import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { createAppProtocolHandler, resolveAppRequest } from './app-protocol';
import { rendererCsp } from './csp';

const dir = useTempDir();
const SERVER = 'http://localhost:3000';

function renderer(): string {
  const root = path.join(dir(), 'renderer');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(path.join(dir(), 'secret.txt'), 'outside the renderer');
  return root;
}

describe('resolveAppRequest', () => {
  const root = '/opt/ridgeline/dist/renderer';

  it('serves index.html for the root and files of the renderer', () => {
    expect(resolveAppRequest('app://ridgeline/', root, SERVER)).toEqual({
      kind: 'file',
      file: path.join(root, 'index.html'),
    });
    expect(resolveAppRequest('app://ridgeline/assets/index-abc.js', root, SERVER)).toEqual({
      kind: 'file',
      file: path.join(root, 'assets/index-abc.js'),
    });
  });

  it('falls back to index.html for app routes', () => {
    expect(resolveAppRequest('app://ridgeline/admin', root, SERVER)).toEqual({
      kind: 'file',
      file: path.join(root, 'admin'),
      fallback: path.join(root, 'index.html'),
    });
  });

  it('never leaves the renderer directory', () => {
    for (const url of [
      'app://ridgeline/../secret.txt',
      'app://ridgeline/%2e%2e/secret.txt',
      'app://ridgeline/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      'app://ridgeline/..%5c..%5csecret.txt',
      'app://ridgeline/%00index.html',
    ]) {
      const target = resolveAppRequest(url, root, SERVER);
      if (target.kind === 'file') expect(target.file.startsWith(root + path.sep)).toBe(true);
    }
    expect(resolveAppRequest('app://ridgeline/assets/%2e%2e%2f%2e%2e%2fsecret.txt', root, SERVER)).toEqual({
      kind: 'not-found',
    });
  });

  it('refuses other hosts and schemes', () => {
    expect(resolveAppRequest('app://ridgeline.evil.com/index.html', root, SERVER)).toEqual({ kind: 'not-found' });
    expect(resolveAppRequest('app://x@ridgeline/index.html', root, SERVER)).toEqual({ kind: 'not-found' });
    expect(resolveAppRequest('file:///etc/passwd', root, SERVER)).toEqual({ kind: 'not-found' });
  });

  it('sends image paths to the configured server only', () => {
    expect(resolveAppRequest('app://ridgeline/uploads/hero.webp?v=2', root, SERVER)).toEqual({
      kind: 'proxy',
      url: 'http://localhost:3000/uploads/hero.webp?v=2',
    });
    expect(resolveAppRequest('app://ridgeline/images/defaults/hero-960.jpg', root, null)).toEqual({
      kind: 'not-found',
    });
  });
});

describe('the app:// handler', () => {
  it('answers files with their type, the renderer CSP and nosniff', async () => {
    const handler = createAppProtocolHandler({ rendererDir: renderer(), getServerUrl: () => SERVER });
    const page = await handler(new Request('app://ridgeline/index.html'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(rendererCsp(SERVER));
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<div id="root">');
    const script = await handler(new Request('app://ridgeline/assets/index-abc.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await handler(new Request('app://ridgeline/assets/missing.js'))).status).toBe(404);
    expect(await (await handler(new Request('app://ridgeline/security-console'))).text()).toContain('<div id="root">');
  });

  it('refuses writes and files outside the renderer', async () => {
    const handler = createAppProtocolHandler({ rendererDir: renderer(), getServerUrl: () => SERVER });
    expect((await handler(new Request('app://ridgeline/index.html', { method: 'POST', body: 'x' }))).status).toBe(405);
    const escape = await handler(new Request('app://ridgeline/assets/%2e%2e%2f%2e%2e%2fsecret.txt'));
    expect(escape.status).toBe(404);
    expect(await escape.text()).not.toContain('outside the renderer');
  });

  it('shows the server’s images, and nothing else it answers', async () => {
    const fetchSpy = vi.fn(async (url: string) =>
      url.endsWith('.webp')
        ? new Response(new Uint8Array([1, 2, 3]), { headers: { 'Content-Type': 'image/webp' } })
        : new Response('<!doctype html>', { headers: { 'Content-Type': 'text/html' } }),
    );
    const handler = createAppProtocolHandler({ rendererDir: renderer(), getServerUrl: () => SERVER, fetch: fetchSpy });
    const image = await handler(new Request('app://ridgeline/uploads/hero.webp'));
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(fetchSpy).toHaveBeenCalledWith(
      'http://localhost:3000/uploads/hero.webp',
      expect.objectContaining({ credentials: 'omit' }),
    );
    expect((await handler(new Request('app://ridgeline/uploads/page.html'))).status).toBe(404);
  });
});

describe('rendererCsp', () => {
  it('allows scripts from the app only and connections to the app and the server’s origin', () => {
    const csp = rendererCsp('https://stay.example.com/ridgeline');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("connect-src 'self' https://stay.example.com;");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(rendererCsp(null)).toContain("connect-src 'self';");
  });
});
