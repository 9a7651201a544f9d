import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { migrate, readMigrations, sqlWithoutComments } from './migrations.js';

const dirs: string[] = [];
const tempDir = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'ridgeline-db-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('openDatabase', () => {
  it('creates the directory and a WAL database with foreign keys, fresh only the first time', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const first = openDatabase(dataDir);
    expect(first.fresh).toBe(true);
    expect(first.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(first.db.pragma('foreign_keys', { simple: true })).toBe(1);
    first.db.close();
    const second = openDatabase(dataDir);
    expect(second.fresh).toBe(false);
    second.db.close();
  });
});

describe('migrate (docs/architecture.md "Data": numbered migrations, applied in order)', () => {
  it('applies the shipped migrations in order and records them', () => {
    const db = new Database(':memory:');
    const applied = migrate(db);
    expect(applied[0]).toBe(1);
    expect(applied).toEqual(readMigrations().map((m) => m.version));
    expect(migrate(db)).toEqual([]);
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[];
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['settings', 'image_slots', 'reviews', 'page_views']));
  });

  it('refuses a database whose applied migration was edited', () => {
    const db = new Database(':memory:');
    const migrations = readMigrations();
    migrate(db, migrations);
    const edited = migrations.map((m, i) => (i === 0 ? { ...m, checksum: 'different' } : m));
    expect(() => migrate(db, edited)).toThrow(/was edited after it was applied/);
  });

  it('refuses a database that has a migration the files do not know', () => {
    const db = new Database(':memory:');
    migrate(db);
    expect(() => migrate(db, [])).toThrow(/does not know/);
  });

  it('rolls back a failing migration as a whole', () => {
    const dir = tempDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, '0001_ok.sql'), 'CREATE TABLE a (x INTEGER);');
    writeFileSync(path.join(dir, '0002_broken.sql'), 'CREATE TABLE b (x INTEGER); INSERT INTO nope VALUES (1);');
    const db = new Database(':memory:');
    expect(() => migrate(db, readMigrations(dir))).toThrow();
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
    expect(tables).toContain('a');
    expect(tables).not.toContain('b');
  });

  it('rejects misnamed or out-of-sequence files', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, '0002_skip.sql'), 'SELECT 1;');
    expect(() => readMigrations(dir)).toThrow(/out of sequence/);
    const dir2 = tempDir();
    writeFileSync(path.join(dir2, 'first.sql'), 'SELECT 1;');
    expect(() => readMigrations(dir2)).toThrow(/NNNN_snake_name/);
  });
});

describe('checksums of statements, not comments ([data.migrations])', () => {
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const recorded = (db: Database.Database, version: number) =>
    (db.prepare('SELECT checksum FROM schema_migrations WHERE version = ?').get(version) as { checksum: string }).checksum;

  it('drops line and block comments, keeps quoted text, trailing spaces and blank lines go', () => {
    const sql = "-- a table\nCREATE TABLE t (\n  x TEXT DEFAULT '--not a comment', -- the x   \n  /* why */ y TEXT DEFAULT 'it''s'   \n);\n\n";
    expect(sqlWithoutComments(sql)).toBe("CREATE TABLE t (\n  x TEXT DEFAULT '--not a comment',\n   y TEXT DEFAULT 'it''s'\n);");
  });

  it('accepts a shipped migration whose comments were corrected, and refuses one whose statements changed', () => {
    const dir = tempDir();
    const file = path.join(dir, '0001_first.sql');
    writeFileSync(file, '-- see the old document\nCREATE TABLE a (x INTEGER);\n');
    const db = new Database(':memory:');
    expect(migrate(db, readMigrations(dir))).toEqual([1]);
    writeFileSync(file, '-- see [rule.id] in docs/product.md\n-- and more words\nCREATE TABLE a (x INTEGER);\n');
    expect(migrate(db, readMigrations(dir))).toEqual([]);
    writeFileSync(file, '-- see [rule.id] in docs/product.md\nCREATE TABLE a (x TEXT);\n');
    expect(() => migrate(db, readMigrations(dir))).toThrow(/was edited after it was applied/);
  });

  it('accepts a database recorded with the whole text\'s checksum and brings it to the statements\' checksum', () => {
    const db = new Database(':memory:');
    const migrations = readMigrations();
    migrate(db, migrations);
    const third = migrations[2]!;
    db.prepare('UPDATE schema_migrations SET checksum = ? WHERE version = 3').run(sha256(third.sql));
    expect(migrate(db, migrations)).toEqual([]);
    expect(recorded(db, 3)).toBe(third.checksum);
    expect(third.checksum).not.toBe(sha256(third.sql));
  });

  it('accepts the checksums earlier releases recorded before the comments citing outside documents were corrected', () => {
    const db = new Database(':memory:');
    const migrations = readMigrations();
    migrate(db, migrations);
    // The texts as they shipped: the corrected comments put back.
    const shipped: [number, string, string][] = [
      [1, '([images.slots] in docs/product.md)', '(SPEC §3 "Image config")'],
      [10, '([auth.session-lifetime], [auth.two-factor] in docs/product.md).', '(issue 11 items 3 and 4).'],
    ];
    for (const [version, now, before] of shipped) {
      const m = migrations[version - 1]!;
      expect(m.sql).toContain(now);
      db.prepare('UPDATE schema_migrations SET checksum = ? WHERE version = ?').run(sha256(m.sql.replace(now, before)), version);
    }
    expect(migrate(db, migrations)).toEqual([]);
    expect(recorded(db, 1)).toBe(migrations[0]!.checksum);
    expect(recorded(db, 10)).toBe(migrations[9]!.checksum);
    db.prepare('UPDATE schema_migrations SET checksum = ? WHERE version = 1').run(sha256('something else'));
    expect(() => migrate(db, migrations)).toThrow(/Migration 1 \(initial\) was edited/);
  });
});
