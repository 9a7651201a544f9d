import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from 'better-sqlite3';

/** `core/migrations`, the same relative path from `src/node` and from `dist/node`. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../../migrations/', import.meta.url));

export interface Migration {
  /** e.g. 1 for `0001_initial.sql` */
  version: number;
  name: string;
  sql: string;
  /** SHA-256 (hex) of the migration's statements without comments: see `statementsChecksum`. */
  checksum: string;
  /** SHA-256 (hex) of the file's whole text, which releases before comment-blind checksums recorded. */
  textChecksum?: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The SQL of a migration without its comments: `--` to the end of the line and `/* … *\/` outside
 * string literals and quoted names are dropped, trailing spaces trimmed and blank lines removed.
 * So a comment can be corrected in a shipped migration, while any change to a statement is still
 * an edit ([data.migrations] in docs/product.md).
 */
export function sqlWithoutComments(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql[i] as string;
    if (c === "'" || c === '"' || c === '`') {
      // A literal or quoted name, doubled quotes included, copied as it is.
      let j = i + 1;
      while (j < sql.length) {
        if (sql[j] === c) {
          if (sql[j + 1] === c) j += 2;
          else break;
        } else j += 1;
      }
      out += sql.slice(i, j + 1);
      i = j + 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end === -1 ? sql.length : end;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? sql.length : end + 2;
    } else {
      out += c;
      i += 1;
    }
  }
  return out
    .split('\n')
    .map((line) => line.trimEnd())
    .filter((line) => line !== '')
    .join('\n');
}

/** The checksum a migration is recorded with: SHA-256 (hex) of `sqlWithoutComments(sql)`. */
export function statementsChecksum(sql: string): string {
  return sha256(sqlWithoutComments(sql));
}

/**
 * Whole-text checksums earlier releases recorded for migrations whose comments were corrected
 * since (the comments cited documents outside the repository). A database recorded with one of
 * these is the same schema: its row is brought to the comment-blind checksum.
 */
const CORRECTED_COMMENTS: Readonly<Record<number, string>> = {
  1: 'abdec07f38cba87fed59482496ccff930e9544244955daa00798975fe70be05f',
  2: '6be54537e4aefd09b6878f666841d4670f991dae8d08a6d4dd73b04d5d640b83',
  5: 'e636ee4547eeee1400c69a7ab1a4ed8dae8db96b587cd3e12bdc74d3b02eb220',
  6: '408a4afc437cf8cb5edc82810ecb7c442c000604f8c9ea7418ca0bbe23c283da',
  7: 'b89d1d107e46426ecec2c5809231630890db2d823c63b852efddd65cb6db8662',
  8: 'c08f560234ff2a3eb4b0bd2c00d77a30f61b34c29c4d67bddcfe0f77d8f3a655',
  9: 'fc97ac65410d7fc7966de5983579072785b043ae820f9052e7a1d53aae293663',
  10: 'bd757c3f0b0c645f8e90f15086a28426e421ef3b1764ca5732381fe9af1a63c1',
};

const FILE_NAME = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** Reads `NNNN_snake_name.sql` files in version order. Throws on a misnamed file or a gap. */
export function readMigrations(dir: string = MIGRATIONS_DIR): Migration[] {
  const files = readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
  return files.map((file, index) => {
    const match = FILE_NAME.exec(file);
    if (!match) throw new Error(`Migration file ${file} is not named NNNN_snake_name.sql`);
    const version = Number(match[1]);
    if (version !== index + 1) throw new Error(`Migration ${file} is out of sequence: expected version ${index + 1}`);
    const sql = readFileSync(`${dir}/${file}`, 'utf8');
    return { version, name: match[2] as string, sql, checksum: statementsChecksum(sql), textChecksum: sha256(sql) };
  });
}

/**
 * Applies every migration the database has not recorded, each in its own transaction.
 *
 * Refuses to run (throws) when the database and the files disagree: a recorded migration whose
 * file is gone or whose statements changed (a shipped migration is never edited; its comments
 * may be corrected: [data.migrations], docs/architecture.md "Data"). A row recorded by an earlier
 * release with the whole text's checksum is accepted when that text is the file's, or the text
 * before its comments were corrected, and is brought to the comment-blind checksum.
 * @returns versions applied by this call
 */
export function migrate(db: Database, migrations: Migration[] = readMigrations()): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, checksum TEXT NOT NULL, applied_at TEXT NOT NULL
  )`);
  const applied = db
    .prepare('SELECT version, name, checksum FROM schema_migrations ORDER BY version')
    .all() as { version: number; name: string; checksum: string }[];
  const upgraded: { version: number; checksum: string }[] = [];
  for (const row of applied) {
    const file = migrations.find((m) => m.version === row.version);
    if (!file) throw new Error(`Database has migration ${row.version} (${row.name}) that this version of Ridgeline does not know. Refusing to start.`);
    if (file.checksum === row.checksum) continue;
    const earlier = row.checksum === file.textChecksum || row.checksum === CORRECTED_COMMENTS[row.version];
    if (!earlier) throw new Error(`Migration ${row.version} (${row.name}) was edited after it was applied. Refusing to start.`);
    upgraded.push({ version: row.version, checksum: file.checksum });
  }
  const recheck = db.prepare('UPDATE schema_migrations SET checksum = ? WHERE version = ?');
  for (const u of upgraded) recheck.run(u.checksum, u.version);
  const done = new Set(applied.map((r) => r.version));
  const record = db.prepare('INSERT INTO schema_migrations (version, name, checksum, applied_at) VALUES (?, ?, ?, ?)');
  const versions: number[] = [];
  for (const m of migrations) {
    if (done.has(m.version)) continue;
    db.transaction(() => {
      db.exec(m.sql);
      record.run(m.version, m.name, m.checksum, new Date().toISOString());
    })();
    versions.push(m.version);
  }
  return versions;
}
