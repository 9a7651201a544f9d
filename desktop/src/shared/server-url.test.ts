import { afterEach, describe, expect, it } from 'vitest';
import { closedPortUrl, healthyRidgeline, startHttpServer, type TestServer } from '../test-support/http-server';
import { DEFAULT_SERVER_URL, checkServerHealth, isLoopbackHost, normalizeServerUrl } from './server-url';

describe('normalizeServerUrl', () => {
  it('proposes by default a server on this computer, which it accepts as it is (plain http only on loopback)', () => {
    expect(normalizeServerUrl(DEFAULT_SERVER_URL)).toEqual({ ok: true, url: DEFAULT_SERVER_URL });
    expect(isLoopbackHost(new URL(DEFAULT_SERVER_URL).hostname)).toBe(true);
  });

  it.each([
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://localhost:3000/', 'http://localhost:3000'],
    ['  https://stay.example.com//  ', 'https://stay.example.com'],
    ['HTTPS://Stay.Example.COM/', 'https://stay.example.com'],
    ['https://example.com/ridgeline/', 'https://example.com/ridgeline'],
    ['https://stay.example.com:443', 'https://stay.example.com'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
  ])('accepts %s as %s', (input, url) => {
    expect(normalizeServerUrl(input)).toEqual({ ok: true, url });
  });

  it.each([
    ['', /Enter the server address/],
    [42, /Enter the server address/],
    ['localhost:3000', /http:\/\/ or https:\/\//],
    ['stay.example.com', /http:\/\/ or https:\/\//],
    ['ftp://stay.example.com', /http:\/\/ or https:\/\//],
    ['file:///etc/passwd', /http:\/\/ or https:\/\//],
    ['javascript:alert(1)', /http:\/\/ or https:\/\//],
    ['http://localhost:3000@evil.com', /user name or password/],
    ['https://owner:secret@stay.example.com', /user name or password/],
    ['https://stay.example.com/?x=1', /"\?" or "#"/],
    ['https://stay.example.com/#admin', /"\?" or "#"/],
    ['http://stay.example.com', /Use https:\/\//],
    ['http://192.168.1.20:3000', /Use https:\/\//],
    [`https://example.com/${'a'.repeat(2100)}`, /too long/],
  ])('refuses %s', (input, message) => {
    const result = normalizeServerUrl(input);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(message);
  });

  it('knows loopback hosts', () => {
    expect(['localhost', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['localhost.evil.com', '128.0.0.1', '10.0.0.1', 'example.com'].some(isLoopbackHost)).toBe(false);
  });
});

describe('checkServerHealth against a real local HTTP server', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('passes when /api/health answers {"status":"ok"}', async () => {
    server = await startHttpServer(healthyRidgeline);
    expect(await checkServerHealth(server.url)).toEqual({ ok: true });
  });

  it('fails with the status when the server is not ready', async () => {
    server = await startHttpServer((_req, res) => res.writeHead(503).end('{"status":"unavailable"}'));
    expect(await checkServerHealth(server.url)).toEqual({ ok: false, error: expect.stringMatching(/answered 503/) });
  });

  it('fails for something that is not a Ridgeline server (an HTML page)', async () => {
    server = await startHttpServer((_req, res) =>
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html>'),
    );
    expect(await checkServerHealth(server.url)).toEqual({
      ok: false,
      error: expect.stringMatching(/does not answer like a Ridgeline server/),
    });
  });

  it('fails when nothing listens', async () => {
    const url = await closedPortUrl();
    expect(await checkServerHealth(url)).toEqual({ ok: false, error: `Could not connect to ${url}.` });
  });

  it('gives up after the timeout', async () => {
    server = await startHttpServer(() => undefined); // never answers
    expect(await checkServerHealth(server.url, { timeoutMs: 200 })).toEqual({
      ok: false,
      error: expect.stringMatching(/did not answer within 0.2 seconds/),
    });
  });

  it('does not follow a redirect elsewhere', async () => {
    server = await startHttpServer((_req, res) =>
      res.writeHead(302, { Location: 'https://evil.example/api/health' }).end(),
    );
    expect((await checkServerHealth(server.url)).ok).toBe(false);
  });
});
