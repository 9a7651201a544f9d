/**
 * The first-run file ([setup.first-run]): the passwords generated for a new installation, kept
 * once in `DATA_DIR/first-run.txt` (mode 600, readable by the server's user only) besides being
 * printed, so a password that scrolled away is not lost. Each area's line goes when its password
 * is changed (from the UI or by setting ADMIN_PASSWORD / SECURITY_PASSWORD); the file goes with
 * the last line.
 */
import { chmodSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { PasswordArea } from '../../api/auth.js';

/** The file's name inside DATA_DIR. */
export const FIRST_RUN_FILE = 'first-run.txt';

const AREAS: readonly PasswordArea[] = ['admin', 'security'];
const LINE = /^(admin|security) password: (\S+)$/;

/** The path of the first-run file of `dataDir`. */
export function firstRunPath(dataDir: string): string {
  return path.join(dataDir, FIRST_RUN_FILE);
}

/** The generated passwords still in the file, by area (empty when there is no file). */
export function readFirstRunPasswords(dataDir: string): Partial<Record<PasswordArea, string>> {
  const file = firstRunPath(dataDir);
  if (!existsSync(file)) return {};
  const found: Partial<Record<PasswordArea, string>> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = LINE.exec(line.trim());
    if (m) found[m[1] as PasswordArea] = m[2];
  }
  return found;
}

function write(dataDir: string, passwords: Partial<Record<PasswordArea, string>>): void {
  const file = firstRunPath(dataDir);
  const areas = AREAS.filter((a) => passwords[a]);
  if (areas.length === 0) {
    rmSync(file, { force: true });
    return;
  }
  const text = [
    'Ridgeline: the passwords generated for this installation.',
    '',
    ...areas.map((a) => `${a} password: ${passwords[a]}`),
    '',
    'Sign in (/admin for the dashboard, /security-console for the security console) and choose your own',
    'with "Change password". Each line is removed when its password is changed; this file is',
    'deleted with the last one.',
    '',
  ].join('\n');
  writeFileSync(file, text, { mode: 0o600 });
  // writeFileSync's mode applies only when it creates the file.
  chmodSync(file, 0o600);
}

/**
 * Adds `generated` (area → password just generated) to the first-run file, keeping the lines of
 * the other area. Nothing is written when `generated` is empty.
 * @throws the file system's error when DATA_DIR cannot be written
 */
export function recordFirstRunPasswords(dataDir: string, generated: Partial<Record<PasswordArea, string>>): void {
  if (!AREAS.some((a) => generated[a])) return;
  write(dataDir, { ...readFirstRunPasswords(dataDir), ...generated });
}

/**
 * Removes `area`'s generated password from the first-run file, once its password is no longer the
 * generated one; deletes the file when no line is left. A missing file is fine.
 */
export function forgetFirstRunPassword(dataDir: string, area: PasswordArea): void {
  const passwords = readFirstRunPasswords(dataDir);
  if (!passwords[area]) return;
  delete passwords[area];
  write(dataDir, passwords);
}
