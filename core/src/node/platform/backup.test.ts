import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDatabase, backupFileName, listBackups, restoreDatabase } from './backup.js';
import { createBookingInquiry, listBookingInquiries } from '../booking/bookings-store.js';
import { openDatabase } from './database.js';

const dirs: string[] = [];
const temp = () => {
  const d = mkdtempSync(path.join(tmpdir(), 'ridgeline-backup-'));
  dirs.push(d);
  return d;
};
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

const booking = (n: number) => ({
  firstName: `Guest${n}`,
  lastName: 'Test',
  email: `g${n}@example.com`,
  phone: '',
  location: '',
  ipAddress: '',
  checkin: '2026-12-10',
  checkout: '2026-12-12',
  guests: 2,
  message: '',
  specialRequests: '',
  paymentStatus: 'paid',
});

describe('backup and restore', () => {
  it('names backups by UTC time', () => {
    expect(backupFileName(new Date('2026-11-21T15:30:05.123Z'))).toBe('ridgeline-20261121T153005Z.sqlite');
  });

  it('a restore from a backup brings back every booking', async () => {
    const dataDir = temp();
    const { db } = openDatabase(dataDir);
    for (let i = 0; i < 50; i += 1) createBookingInquiry(db, booking(i));
    const { file } = await backupDatabase(db, path.join(dataDir, 'backups'));
    // Later writes and a disaster: bookings deleted after the backup.
    createBookingInquiry(db, booking(99));
    db.prepare('DELETE FROM booking_inquiries WHERE id <= 25').run();
    db.close();
    const { replaced } = restoreDatabase(file, dataDir);
    expect(replaced && existsSync(replaced)).toBe(true);
    const reopened = openDatabase(dataDir).db;
    const names = listBookingInquiries(reopened).map((b) => b.firstName);
    expect(names).toHaveLength(50);
    expect(names).toContain('Guest0');
    expect(names).not.toContain('Guest99');
    reopened.close();
  });

  it('keeps only the newest N backups', async () => {
    const dataDir = temp();
    const { db } = openDatabase(dataDir);
    const dir = path.join(dataDir, 'backups');
    for (let i = 0; i < 5; i += 1) await backupDatabase(db, dir, 3, new Date(Date.UTC(2026, 10, 21, 10, i)));
    const kept = listBackups(dir);
    expect(kept.map((b) => b.takenAt)).toEqual(['20261121T100400Z', '20261121T100300Z', '20261121T100200Z']);
    db.close();
  });

  it('refuses to restore a file that is not a Ridgeline database, changing nothing', () => {
    const dataDir = temp();
    const { db } = openDatabase(dataDir);
    createBookingInquiry(db, booking(1));
    db.close();
    const bogus = path.join(temp(), 'bogus.sqlite');
    writeFileSync(bogus, 'not sqlite at all');
    expect(() => restoreDatabase(bogus, dataDir)).toThrow();
    const reopened = openDatabase(dataDir).db;
    expect(listBookingInquiries(reopened)).toHaveLength(1);
    reopened.close();
  });
});
