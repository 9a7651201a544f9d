import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { closedPortUrl, healthyRidgeline, startHttpServer, type TestServer } from '../test-support/http-server';
import { useTempDir } from '../test-support/temp-dir';
import { createServerUrlStore } from './server-url-store';

const userData = useTempDir();
const settingsFile = () => path.join(userData(), 'settings.json');

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('the server-address store (settings.json in userData)', () => {
  it('has no address before the first setup', async () => {
    expect((await createServerUrlStore({ file: settingsFile() })).get()).toBeNull();
  });

  it('remembers a healthy server, trailing slash trimmed, across restarts', async () => {
    server = await startHttpServer(healthyRidgeline);
    const store = await createServerUrlStore({ file: settingsFile() });
    expect(await store.set(`${server.url}/`)).toEqual({ ok: true, serverUrl: server.url });
    expect(store.get()).toBe(server.url);
    expect(JSON.parse(await readFile(settingsFile(), 'utf8'))).toEqual({ serverUrl: server.url });
    expect((await createServerUrlStore({ file: settingsFile() })).get()).toBe(server.url);
  });

  it('keeps the previous address when the new one is invalid or unreachable', async () => {
    server = await startHttpServer(healthyRidgeline);
    const store = await createServerUrlStore({ file: settingsFile() });
    await store.set(server.url);
    expect(await store.set('ftp://files.example.com')).toEqual({ ok: false, error: expect.stringMatching(/http/) });
    const down = await closedPortUrl();
    expect(await store.set(down)).toEqual({ ok: false, error: `Could not connect to ${down}.` });
    expect(store.get()).toBe(server.url);
    expect(JSON.parse(await readFile(settingsFile(), 'utf8'))).toEqual({ serverUrl: server.url });
  });

  it('ignores a damaged or tampered settings file', async () => {
    await writeFile(settingsFile(), '{ not json');
    expect((await createServerUrlStore({ file: settingsFile() })).get()).toBeNull();
    await writeFile(settingsFile(), JSON.stringify({ serverUrl: 'javascript:alert(1)' }));
    expect((await createServerUrlStore({ file: settingsFile() })).get()).toBeNull();
  });
});
