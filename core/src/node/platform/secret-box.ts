import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Encryption of secrets Ridgeline stores in its database (the Google refresh token), so a copied
 * database file or backup alone does not hand out access to the owner's calendar.
 *
 * AES-256-GCM (NIST SP 800-38D) with a random 96-bit IV per value; the stored text is
 * `v1:` + base64(iv ‖ tag ‖ ciphertext). The key is SECRET_KEY when set, else 32 random bytes
 * kept in `DATA_DIR/secret.key` (mode 0600), created on first use.
 */

const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const SECRET_KEY_FILE = 'secret.key';

/** A value that cannot be decrypted with this key (another installation's, or tampered with). */
export class SecretDecryptError extends Error {
  constructor() {
    super('The stored secret cannot be decrypted with this installation’s key');
    this.name = 'SecretDecryptError';
  }
}

export interface SecretBox {
  encrypt(plaintext: string): string;
  /** @throws SecretDecryptError for a value not made by this key or altered since */
  decrypt(stored: string): string;
}

/**
 * The key: `configured` (64 hex digits, from SECRET_KEY) or the one in `DATA_DIR/secret.key`,
 * generated there (exclusive create, mode 0600) when missing.
 * @throws when the key file exists but is not 32 bytes
 */
export function loadSecretKey(dataDir: string, configured?: string): Buffer {
  if (configured) return Buffer.from(configured, 'hex');
  const file = path.join(dataDir, SECRET_KEY_FILE);
  try {
    return checkKey(readFileSync(file), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx': two processes starting at once cannot both write a key; the loser reads the winner's.
    writeFileSync(file, randomBytes(32), { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return checkKey(readFileSync(file), file);
}

function checkKey(key: Buffer, file: string): Buffer {
  if (key.length !== 32) throw new Error(`${file} must hold exactly 32 bytes (it holds ${key.length})`);
  return key;
}

/** A SecretBox over a 32-byte key. */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new RangeError('AES-256-GCM needs a 32-byte key');
  return {
    encrypt(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    decrypt(stored) {
      if (!stored.startsWith(VERSION)) throw new SecretDecryptError();
      const raw = Buffer.from(stored.slice(VERSION.length), 'base64');
      if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretDecryptError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES));
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
        return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretDecryptError();
      }
    },
  };
}
