/**
 * The bearer tokens of the two areas (admin, security), encrypted with Electron's safeStorage
 * (the OS keychain / DPAPI / libsecret) in `tokens.json` under userData. The file holds only
 * the encrypted bytes (base64), never a token.
 *
 * Where the OS offers no real encryption — safeStorage unavailable, or Linux's `basic_text`
 * backend, whose key is a constant — a token lives in memory only: the owner signs in again
 * after quitting, and the renderer says so.
 */
import type { SetTokenResult, TokenArea } from '../shared/ridgeline-api';
import { readJsonObject, writeJsonObject } from './json-file';

/** The parts of Electron's `safeStorage` used here (injected, so tests use a fake). */
export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>;
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string }>;
  /** Linux only; 'basic_text' means no real protection. */
  getSelectedStorageBackend?(): string;
}

export interface TokenStore {
  get(area: TokenArea): Promise<string | null>;
  set(area: TokenArea, token: string): Promise<SetTokenResult>;
  clear(area: TokenArea): Promise<void>;
  /** Forgets both (the server address changed: the tokens belong to the old server). */
  clearAll(): Promise<void>;
}

export interface TokenStoreOptions {
  /** e.g. path.join(app.getPath('userData'), 'tokens.json') */
  file: string;
  safeStorage: SafeStorageLike;
  platform?: NodeJS.Platform;
}

export function createTokenStore({ file, safeStorage, platform = process.platform }: TokenStoreOptions): TokenStore {
  const memory = new Map<TokenArea, string>();
  // One write at a time, so two quick updates cannot interleave their read-modify-write.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = queue.then(task, task);
    queue = run.catch(() => undefined);
    return run;
  };

  async function encryptionAvailable(): Promise<boolean> {
    if (platform === 'linux' && safeStorage.getSelectedStorageBackend?.() === 'basic_text') return false;
    try {
      return await safeStorage.isAsyncEncryptionAvailable();
    } catch {
      return false;
    }
  }

  async function updateFile(area: TokenArea, encrypted: Buffer | undefined): Promise<void> {
    const data = (await readJsonObject(file)) ?? {};
    if (encrypted) data[area] = encrypted.toString('base64');
    else if (area in data) delete data[area];
    else return;
    await writeJsonObject(file, data);
  }

  return {
    get(area) {
      const held = memory.get(area);
      if (held !== undefined) return Promise.resolve(held);
      return serial(async () => {
        const stored = (await readJsonObject(file))?.[area];
        if (typeof stored !== 'string' || !(await encryptionAvailable())) return null;
        try {
          const { result } = await safeStorage.decryptStringAsync(Buffer.from(stored, 'base64'));
          memory.set(area, result);
          return result;
        } catch {
          // Another user's or machine's key, or a damaged file: the token is unusable.
          await updateFile(area, undefined);
          return null;
        }
      });
    },
    set(area, token) {
      memory.set(area, token);
      return serial(async () => {
        if (!(await encryptionAvailable())) {
          await updateFile(area, undefined);
          return { persisted: false };
        }
        await updateFile(area, await safeStorage.encryptStringAsync(token));
        return { persisted: true };
      });
    },
    clear(area) {
      memory.delete(area);
      return serial(() => updateFile(area, undefined));
    },
    async clearAll() {
      memory.clear();
      await serial(async () => {
        await updateFile('admin', undefined);
        await updateFile('security', undefined);
      });
    },
  };
}
