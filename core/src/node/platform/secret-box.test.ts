import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretKey, SecretDecryptError } from './secret-box.js';

let dir: string;
beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'ridgeline-secret-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('secret box', () => {
  it('generates a 32-byte key file with mode 0600 once and reuses it', () => {
    const key = loadSecretKey(dir);
    expect(key).toHaveLength(32);
    const file = path.join(dir, 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSecretKey(dir).equals(key)).toBe(true);
    expect(readFileSync(file).equals(key)).toBe(true);
  });

  it('prefers the configured key and leaves no file', () => {
    const key = loadSecretKey(dir, '01'.repeat(32));
    expect(key.toString('hex')).toBe('01'.repeat(32));
    expect(() => statSync(path.join(dir, 'secret.key'))).toThrow();
  });

  it('refuses a key file of the wrong size', () => {
    writeFileSync(path.join(dir, 'secret.key'), 'short');
    expect(() => loadSecretKey(dir)).toThrow(/32 bytes/);
  });

  it('round-trips with a fresh IV each time and detects another key or tampering', () => {
    const box = createSecretBox(loadSecretKey(dir));
    const a = box.encrypt('1//0g-secret');
    const b = box.encrypt('1//0g-secret');
    expect(a).not.toBe(b);
    expect(a).not.toContain('secret');
    expect(box.decrypt(a)).toBe('1//0g-secret');
    expect(() => createSecretBox(Buffer.alloc(32, 7)).decrypt(a)).toThrow(SecretDecryptError);
    const raw = Buffer.from(a.slice(3), 'base64');
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => box.decrypt(`v1:${raw.toString('base64')}`)).toThrow(SecretDecryptError);
    expect(() => box.decrypt('plain')).toThrow(SecretDecryptError);
  });
});
