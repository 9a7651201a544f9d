import { readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, createSecretBox, getSetting, loadConfig } from '@ridgeline/core/node';
import { googleCalendarFromConfig } from './google-from-config.js';
import type { Logger } from '../logger.js';
import { startGoogleStandIn, type GoogleStandIn } from '../test-support/google-stand-in.js';
import { createTestApp, setTestPasswords, signedInAgent } from '../test-support/test-app.js';

const PUBLIC_URL = 'http://ridgeline.test';
const REDIRECT_URI = `${PUBLIC_URL}/calendar-auth`;

let google: GoogleStandIn;
let t: ReturnType<typeof createTestApp>;
let logs: string[];
let reconciles: number;
/** The app's clock: real time unless a test moves it. */
let clockOffsetMs: number;

const logger: Logger = {
  info: (m, f) => logs.push(JSON.stringify([m, f])),
  warn: (m, f) => logs.push(JSON.stringify([m, f])),
  error: (m, f) => logs.push(JSON.stringify([m, f])),
};

async function build(options: { configured?: boolean; env?: Record<string, string> } = {}) {
  const env: Record<string, string> = {
    PUBLIC_URL,
    ...(options.configured === false
      ? {}
      : { GOOGLE_CLIENT_ID: google.clientId, GOOGLE_CLIENT_SECRET: google.clientSecret, GOOGLE_OAUTH_BASE: google.url, GOOGLE_API_BASE: google.url }),
    ...options.env,
  };
  const config = loadConfig({ DATA_DIR: '/unused', ...env });
  const client = googleCalendarFromConfig(config);
  t = createTestApp(env, {}, () => new Date(Date.now() + clockOffsetMs), {
    logger,
    ...(client ? { google: client } : {}),
    cleaning: { reconcile: async () => ((reconciles += 1), {}) },
  });
  await setTestPasswords(t.db);
}

beforeEach(async () => {
  logs = [];
  reconciles = 0;
  clockOffsetMs = 0;
  google = await startGoogleStandIn();
});
afterEach(async () => {
  t.cleanup();
  await google.close();
});

const dbFiles = () => {
  const dir = t.config.dataDir;
  return ['ridgeline.sqlite', 'ridgeline.sqlite-wal']
    .map((f) => path.join(dir, f))
    .filter(existsSync)
    .map((f) => readFileSync(f).toString('latin1'))
    .join('');
};

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

/** A state issued to `agent`'s session, as the page gets it before going to Google. */
const issuedState = async (agent: Agent) => (await agent.post('/api/calendar/oauth-state').expect(200)).body.state as string;

describe('Google Calendar connection API', () => {
  it('refuses every call without an admin session', async () => {
    await build();
    await request(t.app).get('/api/calendar/status').expect(401);
    await request(t.app).get('/api/calendar/auth-url').expect(401);
    await request(t.app).post('/api/calendar/oauth-state').expect(401);
    await request(t.app).post('/api/calendar/exchange-code').send({ code: 'x', state: 'calendar_auth' }).expect(401);
    await request(t.app).post('/api/calendar/update-token').send({ refreshToken: 'x' }).expect(401);
    await request(t.app).post('/api/calendar/disconnect').expect(401);
    expect(google.requests).toHaveLength(0);
  });

  it('says plainly that Google is not configured (503) when the client id and secret are unset', async () => {
    await build({ configured: false });
    const agent = await signedInAgent(t.app);
    expect((await agent.get('/api/calendar/status').expect(200)).body).toEqual({ configured: false, connected: false });
    for (const res of [
      await agent.get('/api/calendar/auth-url'),
      await agent.post('/api/calendar/oauth-state'),
      await agent.post('/api/calendar/exchange-code').send({ code: 'abc', state: 'calendar_auth' }),
      await agent.post('/api/calendar/update-token').send({ refreshToken: 'abc' }),
    ]) {
      expect(res.status).toBe(503);
      expect(res.body.error).toMatch(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    }
  });

  it("builds Google's consent URL: calendar scope, offline access, forced consent, a fresh state and redirect", async () => {
    await build();
    const agent = await signedInAgent(t.app);
    const issued = (await agent.post('/api/calendar/oauth-state').expect(200)).body as { state: string; authUrl: string };
    expect(issued.state).toMatch(/^calendar_auth\.[A-Za-z0-9_-]{43}$/);
    expect(new URL(issued.authUrl).searchParams.get('state')).toBe(issued.state);
    // The GET route of [google.oauth] answers the same way, each call with a state of its own.
    const { url, state } = (await agent.get('/api/calendar/auth-url').expect(200)).body as { url: string; state: string };
    expect(state).toMatch(/^calendar_auth\.[A-Za-z0-9_-]{43}$/);
    expect(state).not.toBe(issued.state);
    const u = new URL(url);
    expect(`${u.origin}${u.pathname}`).toBe(`${google.url}/o/oauth2/v2/auth`);
    expect(u.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/calendar');
    expect(u.searchParams.get('access_type')).toBe('offline');
    expect(u.searchParams.get('prompt')).toBe('consent');
    expect(u.searchParams.get('state')).toBe(state);
    expect(u.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
    expect(u.searchParams.get('response_type')).toBe('code');
    expect(u.searchParams.get('client_id')).toBe(google.clientId);
  });

  it("defaults to Google's own endpoints", () => {
    const config = loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', PUBLIC_URL: 'https://stay.example.com' });
    expect(config.google.apiBase).toBe('https://www.googleapis.com');
    const u = new URL(googleCalendarFromConfig(config)!.authUrl('calendar_auth'));
    expect(`${u.origin}${u.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(u.searchParams.get('redirect_uri')).toBe('https://stay.example.com/calendar-auth');
  });

  it('refuses a malformed SECRET_KEY or Google base URL at start-up, naming it', () => {
    expect(() => loadConfig({ SECRET_KEY: 'too-short' })).toThrow(ConfigError);
    expect(() => loadConfig({ SECRET_KEY: 'too-short' })).toThrow(/SECRET_KEY/);
    expect(() => loadConfig({ GOOGLE_API_BASE: 'ftp://x' })).toThrow(/GOOGLE_API_BASE/);
    expect(() => loadConfig({ GOOGLE_OAUTH_BASE: 'nope' })).toThrow(/GOOGLE_OAUTH_BASE/);
    expect(loadConfig({ SECRET_KEY: Buffer.alloc(32, 1).toString('base64') }).secretKey).toBe('01'.repeat(32));
  });

  it('exchanges a code, stores the refresh token encrypted, and never logs it', async () => {
    await build();
    const agent = await signedInAgent(t.app);
    const code = google.issueCode(REDIRECT_URI);
    const res = await agent.post('/api/calendar/exchange-code').send({ code, state: await issuedState(agent) }).expect(200);
    expect(res.body).toMatchObject({ success: true, message: expect.any(String) });
    const refreshToken = res.body.refreshToken as string;
    expect(refreshToken).toMatch(/^1\/\/0g/);

    // The token endpoint got Google's form: authorization_code grant for our redirect URI.
    const tokenCall = google.requests.find((r) => r.path === '/token');
    expect(tokenCall?.body).toMatchObject({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT_URI, client_id: google.clientId });

    // Encrypted at rest: the raw token is nowhere in the database files.
    t.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(dbFiles()).not.toContain(refreshToken);
    const stored = getSetting(t.db, 'google_calendar.refresh_token')!;
    expect(stored).toMatch(/^v1:/);
    const keyFile = path.join(t.config.dataDir, 'secret.key');
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    expect(createSecretBox(readFileSync(keyFile)).decrypt(stored)).toBe(refreshToken);

    expect((await agent.get('/api/calendar/status').expect(200)).body).toMatchObject({ configured: true, connected: true });
    expect(reconciles).toBe(1);
    expect(logs.join('\n')).not.toContain(refreshToken);
    expect(logs.join('\n')).not.toContain(code);
  });

  it('answers "Failed to get refresh token" for a code Google refuses, storing nothing', async () => {
    await build();
    const agent = await signedInAgent(t.app);
    const res = await agent.post('/api/calendar/exchange-code').send({ code: '4/0Abogus', state: await issuedState(agent) }).expect(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error).toMatch(/^Failed to get refresh token: .*invalid_grant/);
    expect(getSetting(t.db, 'google_calendar.refresh_token')).toBeUndefined();
    expect((await agent.get('/api/calendar/status')).body).toEqual({ configured: true, connected: false });

    // A code used twice is refused the second time.
    const code = google.issueCode(REDIRECT_URI);
    await agent.post('/api/calendar/exchange-code').send({ code, state: await issuedState(agent) }).expect(200);
    const again = await agent.post('/api/calendar/exchange-code').send({ code, state: await issuedState(agent) }).expect(400);
    expect(again.body.error).toMatch(/^Failed to get refresh token/);
  });

  it('answers "Failed to get refresh token" when Google sends no refresh token', async () => {
    await build();
    const agent = await signedInAgent(t.app);
    google.omitNextRefreshToken();
    const res = await agent
      .post('/api/calendar/exchange-code')
      .send({ code: google.issueCode(REDIRECT_URI), state: await issuedState(agent) })
      .expect(400);
    expect(res.body.error).toMatch(/^Failed to get refresh token: Google sent none/);
    expect(getSetting(t.db, 'google_calendar.refresh_token')).toBeUndefined();
  });

  it('refuses a code whose state is missing, forged, expired, used or of another session (400), before calling Google', async () => {
    await build();
    const agent = await signedInAgent(t.app);
    const other = await signedInAgent(t.app);
    const exchange = (a: Agent, body: Record<string, unknown>) => a.post('/api/calendar/exchange-code').send(body);
    const code = google.issueCode(REDIRECT_URI);
    const refused = (res: request.Response) => {
      expect(res.status).toBe(400);
      expect(res.body.field).toBe('state');
      expect(res.body.error).toMatch(/^(Authorization denied or failed|state: )/);
    };

    const missing = await exchange(agent, { code });
    refused(missing);
    expect(missing.body).toMatchObject({ field: 'state', error: 'state: is required' });
    // The old fixed state ([google.oauth-state]), a forged nonce, and a state too long to be ours.
    for (const state of ['calendar_auth', `calendar_auth.${'A'.repeat(43)}`, `calendar_auth.${'A'.repeat(300)}`, 42]) {
      refused(await exchange(agent, { code, state }));
    }
    // Issued to another admin session (e.g. an attacker's, whose callback the owner is lured to).
    const theirs = await issuedState(other);
    const stolen = await exchange(agent, { code, state: theirs });
    refused(stolen);
    expect(stolen.body).toMatchObject({ success: false, error: expect.stringMatching(/^Authorization denied or failed/) });
    // Any presentation uses a state up: its owner cannot use it after that either.
    refused(await exchange(other, { code, state: theirs }));
    // Expired: older than 10 minutes.
    const old = await issuedState(agent);
    clockOffsetMs = 10 * 60 * 1000 + 1000;
    refused(await exchange(agent, { code, state: old }));
    clockOffsetMs = 0;

    // Nothing was asked of Google and nothing stored; the code is still good with a real state.
    expect(google.requests.filter((r) => r.path === '/token')).toHaveLength(0);
    expect(getSetting(t.db, 'google_calendar.refresh_token')).toBeUndefined();
    expect(reconciles).toBe(0);
    const state = await issuedState(agent);
    await exchange(agent, { code, state }).expect(200);
    // Used once: the same state again is refused, even with a fresh code.
    refused(await exchange(agent, { code: google.issueCode(REDIRECT_URI), state }));
    expect(google.requests.filter((r) => r.path === '/token')).toHaveLength(1);
  });

  it('refuses a blank code or token with 400 naming the field', async () => {
    await build();
    const agent = await signedInAgent(t.app);
    expect((await agent.post('/api/calendar/exchange-code').send({ code: '  ', state: 'calendar_auth' }).expect(400)).body.field).toBe('code');
    const res = await agent.post('/api/calendar/update-token').send({ refreshToken: '   ' }).expect(400);
    expect(res.body).toMatchObject({ field: 'refreshToken', error: 'refreshToken: Please enter a refresh token' });
    expect(google.requests).toHaveLength(0);
  });

  it('checks a refresh token entered by hand with Google before storing it', async () => {
    await build();
    const agent = await signedInAgent(t.app);
    const bad = await agent.post('/api/calendar/update-token').send({ refreshToken: '1//0gnot-a-real-token' }).expect(400);
    expect(bad.body.success).toBe(false);
    expect(bad.body.error).toMatch(/^Invalid refresh token/);
    expect(getSetting(t.db, 'google_calendar.refresh_token')).toBeUndefined();

    const token = google.issueRefreshToken();
    const res = await agent.post('/api/calendar/update-token').send({ refreshToken: ` ${token} ` }).expect(200);
    expect(res.body).toEqual({ success: true, message: expect.any(String) });
    expect(google.requests.at(-1)?.body).toMatchObject({ grant_type: 'refresh_token', refresh_token: token });
    expect((await agent.get('/api/calendar/status')).body).toMatchObject({ configured: true, connected: true });
    t.db.pragma('wal_checkpoint(TRUNCATE)');
    expect(dbFiles()).not.toContain(token);
    expect(logs.join('\n')).not.toContain(token);

    await agent.post('/api/calendar/disconnect').expect(200);
    expect((await agent.get('/api/calendar/status')).body).toEqual({ configured: true, connected: false });
  });

  it('answers 502 when Google cannot be reached', async () => {
    await build();
    const agent = await signedInAgent(t.app);
    await google.close();
    const res = await agent.post('/api/calendar/update-token').send({ refreshToken: 'anything' }).expect(502);
    expect(res.body.error).toMatch(/could not reach Google/);
    google = await startGoogleStandIn(); // afterEach closes it
  });

  it('uses SECRET_KEY instead of a key file when it is set', async () => {
    const key = 'ab'.repeat(32);
    await build({ env: { SECRET_KEY: key } });
    const agent = await signedInAgent(t.app);
    const token = google.issueRefreshToken();
    await agent.post('/api/calendar/update-token').send({ refreshToken: token }).expect(200);
    expect(existsSync(path.join(t.config.dataDir, 'secret.key'))).toBe(false);
    const stored = getSetting(t.db, 'google_calendar.refresh_token')!;
    expect(createSecretBox(Buffer.from(key, 'hex')).decrypt(stored)).toBe(token);
  });
});
