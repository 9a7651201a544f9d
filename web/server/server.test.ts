import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '@ridgeline/core/node';
import { silentLogger } from './logger.js';
import { startServer } from './server.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'ridgeline-start-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('startServer', () => {
  it('seeds a fresh DATA_DIR, prints the URL and generated passwords last in a frame, keeps them in first-run.txt (mode 600), and serves ([setup.first-run])', async () => {
    const dataDir = tempDir();
    const printed: string[] = [];
    const env = { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' };
    const first = await startServer({ env, logger: silentLogger, announce: (t) => printed.push(t), clientDir: tempDir() });
    let admin: string;
    try {
      const last = printed.at(-1)!;
      const [rule = '', ...rest] = last.trim().split('\n');
      expect(rule).toMatch(/^\+-+\+$/);
      expect(rest.at(-1)).toBe(rule);
      expect(rest.slice(0, -1).every((l) => l.startsWith('| ') && l.endsWith(' |') && l.length === rule.length)).toBe(true);
      expect(last).toContain(`Ridgeline is running at ${first.url}`);
      admin = /Admin {4}password: {2}(\S+)/.exec(last)?.[1] ?? 'none printed';
      const security = /Security password: {2}(\S+)/.exec(last)?.[1] ?? 'none printed';
      expect([admin, security]).not.toContain('none printed');
      expect(admin).not.toBe(security);
      const file = path.join(dataDir, 'first-run.txt');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8')).toContain(`admin password: ${admin}`);
      expect(readFileSync(file, 'utf8')).toContain(`security password: ${security}`);
      expect(last).toContain(file);
      // The printed password is the real one.
      const signIn = await fetch(`${first.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: admin }),
      });
      expect(signIn.status).toBe(200);
      // Changing the security password from the UI removes its line.
      const securityIn = await fetch(`${first.url}/api/security/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: security }),
      });
      const cookie = securityIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
      const changed = await fetch(`${first.url}/api/security/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, origin: first.url },
        body: JSON.stringify({ currentPassword: security, newPassword: 'the-owners-own-choice' }),
      });
      expect(changed.status).toBe(200);
      expect(readFileSync(file, 'utf8')).not.toContain('security password:');
      expect(readFileSync(file, 'utf8')).toContain(`admin password: ${admin}`);
      const res = await fetch(`${first.url}/api/reviews/published`);
      expect((await res.json()).reviews.length).toBeGreaterThan(0);
    } finally {
      await first.close();
    }
    printed.length = 0;
    // Restarted, the passwords are not printed again; the banner names the file that still has them.
    const second = await startServer({ env, logger: silentLogger, announce: (t) => printed.push(t), clientDir: tempDir() });
    await second.close();
    expect(printed.join('\n')).not.toContain(admin);
    expect(printed.at(-1)).toContain(`Generated passwords not changed yet are in ${path.join(dataDir, 'first-run.txt')}`);

    // Setting ADMIN_PASSWORD replaces the generated admin password: with its line, the file goes.
    const third = await startServer({ env: { ...env, ADMIN_PASSWORD: 'chosen-by-owner' }, logger: silentLogger, announce: (t) => printed.push(t), clientDir: tempDir() });
    await third.close();
    expect(existsSync(path.join(dataDir, 'first-run.txt'))).toBe(false);
    expect(printed.at(-1)).not.toContain('first-run.txt');
  });

  it('with NODE_ENV=production and no DEMO_CONTENT, a fresh DATA_DIR publishes no review; demo reviews seeded earlier stay hidden ([reviews.demo])', async () => {
    const start = (env: Record<string, string>) =>
      startServer({ env: { PORT: '0', HOST: '127.0.0.1', ...env }, logger: silentLogger, announce: () => {}, clientDir: tempDir() });
    const published = async (url: string) => ((await (await fetch(`${url}/api/reviews/published`)).json()) as { reviews: unknown[] }).reviews;

    const live = await start({ DATA_DIR: tempDir(), NODE_ENV: 'production' });
    try {
      expect(await published(live.url)).toEqual([]);
    } finally {
      await live.close();
    }

    // A database seeded with demo content (development, or before DEMO_CONTENT existed) later
    // served in production: the demo reviews are not shown.
    const dataDir = tempDir();
    const demo = await start({ DATA_DIR: dataDir, NODE_ENV: 'development' });
    try {
      expect((await published(demo.url)).length).toBeGreaterThan(0);
    } finally {
      await demo.close();
    }
    const production = await start({ DATA_DIR: dataDir, NODE_ENV: 'production' });
    try {
      expect(await published(production.url)).toEqual([]);
    } finally {
      await production.close();
    }
    const optedIn = await start({ DATA_DIR: tempDir(), NODE_ENV: 'production', DEMO_CONTENT: 'true' });
    try {
      expect((await published(optedIn.url)).length).toBeGreaterThan(0);
    } finally {
      await optedIn.close();
    }
  });

  it('refuses a bad configuration before touching the disk', async () => {
    await expect(startServer({ env: { PORT: 'x', DATA_DIR: path.join(tempDir(), 'never') }, logger: silentLogger, announce: () => {} })).rejects.toBeInstanceOf(ConfigError);
  });

  it('lets an in-flight request finish on close and refuses new connections after', async () => {
    const running = await startServer({
      env: { DATA_DIR: tempDir(), PORT: '0', ADMIN_PASSWORD: 'admin-password', SECURITY_PASSWORD: 'security-password' },
      logger: silentLogger,
      announce: () => {},
      clientDir: tempDir(),
    });
    const inFlight = fetch(`${running.url}/api/health`);
    await once(running.server, 'request');
    const closed = running.close();
    expect((await inFlight).status).toBe(200);
    await closed;
    await expect(fetch(`${running.url}/api/health`)).rejects.toThrow();
  });

  it('ends every session of an area, desktop tokens included, when its password variable changes between starts', async () => {
    const dataDir = tempDir();
    const start = (adminPassword: string) =>
      startServer({
        env: { DATA_DIR: dataDir, PORT: '0', ADMIN_PASSWORD: adminPassword, SECURITY_PASSWORD: 'security-password' },
        logger: silentLogger,
        announce: () => {},
        clientDir: tempDir(),
      });
    const login = async (url: string, path: string, password: string) => {
      const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ password, client: 'desktop' }) });
      return ((await res.json()) as { token: string }).token;
    };
    const reviews = (url: string, token: string) => fetch(`${url}/api/reviews`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    const session = (url: string, token: string) =>
      fetch(`${url}/api/security/session`, { headers: { authorization: `Bearer ${token}` } }).then(async (r) => ((await r.json()) as { authenticated: boolean }).authenticated);

    const first = await start('first-admin-password');
    const admin = await login(first.url, '/api/auth/login', 'first-admin-password');
    const security = await login(first.url, '/api/security/login', 'security-password');
    await first.close();
    // A plain restart with the same values keeps every session.
    const same = await start('first-admin-password');
    expect(await reviews(same.url, admin)).toBe(200);
    await same.close();
    const changed = await start('second-admin-password');
    try {
      expect(await reviews(changed.url, admin)).toBe(401);
      expect(await session(changed.url, security)).toBe(true);
    } finally {
      await changed.close();
    }
  });
});
