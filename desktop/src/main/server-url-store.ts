/**
 * Remembers the server address in `settings.json` under Electron's userData directory.
 * A new address is accepted only after its health check passes.
 */
import type { SetServerUrlResult } from '../shared/ridgeline-api';
import { readJsonObject, writeJsonObject } from './json-file';
import { checkServerHealth, normalizeServerUrl, type FetchLike } from '../shared/server-url';

export interface ServerUrlStore {
  /** The remembered address, or null before the first setup. */
  get(): string | null;
  /** Validates, checks the server's health and remembers the address. */
  set(input: unknown): Promise<SetServerUrlResult>;
}

export interface ServerUrlStoreOptions {
  /** e.g. path.join(app.getPath('userData'), 'settings.json') */
  file: string;
  fetch?: FetchLike;
  timeoutMs?: number;
}

/** Loads the remembered address (a stored value that no longer validates is ignored). */
export async function createServerUrlStore({ file, fetch, timeoutMs }: ServerUrlStoreOptions): Promise<ServerUrlStore> {
  const stored = (await readJsonObject(file))?.serverUrl;
  const parsed = stored === undefined ? undefined : normalizeServerUrl(stored);
  let current: string | null = parsed?.ok ? parsed.url : null;

  return {
    get: () => current,
    async set(input) {
      const parsedInput = normalizeServerUrl(input);
      if (!parsedInput.ok) return parsedInput;
      const health = await checkServerHealth(parsedInput.url, { fetch, timeoutMs });
      if (!health.ok) return health;
      const settings = (await readJsonObject(file)) ?? {};
      await writeJsonObject(file, { ...settings, serverUrl: parsedInput.url });
      current = parsedInput.url;
      return { ok: true, serverUrl: parsedInput.url };
    },
  };
}
