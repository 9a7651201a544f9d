import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTempDir } from '../test-support/temp-dir';
import { createTokenStore, type SafeStorageLike } from './token-store';

const userData = useTempDir();
const tokensFile = () => path.join(userData(), 'tokens.json');
const TOKEN = 'Zx9_admin-token-value-0123456789abcdefghijkl';

/** A stand-in for Electron's safeStorage: reversible, and visibly not the plain text. */
function fakeSafeStorage({ available = true, backend }: { available?: boolean; backend?: string } = {}) {
  const calls = { encrypt: 0, decrypt: 0 };
  const storage: SafeStorageLike = {
    isAsyncEncryptionAvailable: async () => available,
    encryptStringAsync: async (plain) => {
      calls.encrypt += 1;
      return Buffer.concat([Buffer.from('ENC1'), Buffer.from(plain).map((b) => b ^ 0x5a)]);
    },
    decryptStringAsync: async (encrypted) => {
      calls.decrypt += 1;
      if (!encrypted.subarray(0, 4).equals(Buffer.from('ENC1')))
        throw new Error('Error while decrypting the ciphertext');
      return { result: Buffer.from(encrypted.subarray(4).map((b) => b ^ 0x5a)).toString() };
    },
    ...(backend ? { getSelectedStorageBackend: () => backend } : {}),
  };
  return { storage, calls };
}

describe('the token store (safeStorage, tokens.json in userData)', () => {
  it('writes only the encrypted bytes to disk and reads the token back after a restart', async () => {
    const { storage } = fakeSafeStorage();
    const store = createTokenStore({ file: tokensFile(), safeStorage: storage });
    expect(await store.set('admin', TOKEN)).toEqual({ persisted: true });
    const onDisk = await readFile(tokensFile(), 'utf8');
    expect(onDisk).not.toContain(TOKEN);
    const stored = JSON.parse(onDisk) as Record<string, string>;
    expect(
      Buffer.from(stored.admin ?? '', 'base64')
        .subarray(0, 4)
        .toString(),
    ).toBe('ENC1');
    expect(stored.security).toBeUndefined();

    const restarted = createTokenStore({ file: tokensFile(), safeStorage: fakeSafeStorage().storage });
    expect(await restarted.get('admin')).toBe(TOKEN);
    expect(await restarted.get('security')).toBeNull();
  });

  it('keeps the two areas apart and forgets one on clear', async () => {
    const store = createTokenStore({ file: tokensFile(), safeStorage: fakeSafeStorage().storage });
    await store.set('admin', 'admin-token');
    await store.set('security', 'security-token');
    await store.clear('admin');
    expect(await store.get('admin')).toBeNull();
    expect(await store.get('security')).toBe('security-token');
    const restarted = createTokenStore({ file: tokensFile(), safeStorage: fakeSafeStorage().storage });
    expect(await restarted.get('admin')).toBeNull();
    expect(await restarted.get('security')).toBe('security-token');
  });

  it('forgets both on clearAll (the server changed)', async () => {
    const store = createTokenStore({ file: tokensFile(), safeStorage: fakeSafeStorage().storage });
    await store.set('admin', 'a');
    await store.set('security', 's');
    await store.clearAll();
    expect(JSON.parse(await readFile(tokensFile(), 'utf8'))).toEqual({});
    expect(await store.get('admin')).toBeNull();
  });

  it('keeps the token in memory only when encryption is unavailable, and says so', async () => {
    const { storage, calls } = fakeSafeStorage({ available: false });
    const store = createTokenStore({ file: tokensFile(), safeStorage: storage });
    expect(await store.set('admin', TOKEN)).toEqual({ persisted: false });
    expect(await store.get('admin')).toBe(TOKEN);
    expect(calls.encrypt).toBe(0);
    await expect(readFile(tokensFile(), 'utf8')).rejects.toThrow(/ENOENT/);
    const restarted = createTokenStore({ file: tokensFile(), safeStorage: storage });
    expect(await restarted.get('admin')).toBeNull();
  });

  it("treats Linux's basic_text backend (a constant key) as no encryption", async () => {
    const { storage, calls } = fakeSafeStorage({ backend: 'basic_text' });
    const store = createTokenStore({ file: tokensFile(), safeStorage: storage, platform: 'linux' });
    expect(await store.set('admin', TOKEN)).toEqual({ persisted: false });
    expect(calls.encrypt).toBe(0);
    const keyring = createTokenStore({
      file: tokensFile(),
      safeStorage: fakeSafeStorage({ backend: 'gnome_libsecret' }).storage,
      platform: 'linux',
    });
    expect(await keyring.set('admin', TOKEN)).toEqual({ persisted: true });
  });

  it('drops an earlier persisted token when a new one can only be kept in memory', async () => {
    await createTokenStore({ file: tokensFile(), safeStorage: fakeSafeStorage().storage }).set('admin', 'old-token');
    const store = createTokenStore({ file: tokensFile(), safeStorage: fakeSafeStorage({ available: false }).storage });
    await store.set('admin', 'new-token');
    expect(JSON.parse(await readFile(tokensFile(), 'utf8'))).toEqual({});
  });

  it('discards a token it cannot decrypt (another key, damaged file)', async () => {
    await writeFile(tokensFile(), JSON.stringify({ admin: Buffer.from('garbage').toString('base64') }));
    const store = createTokenStore({ file: tokensFile(), safeStorage: fakeSafeStorage().storage });
    expect(await store.get('admin')).toBeNull();
    expect(JSON.parse(await readFile(tokensFile(), 'utf8'))).toEqual({});
  });
});
