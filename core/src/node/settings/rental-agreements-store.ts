import { agreementText, type AgreementNumbers, type RentalAgreement } from '../../booking/agreement.js';
import type { Db } from '../platform/database.js';

interface Row {
  version: number;
  text: string;
  published_at: string;
  /** [compliance.numbers]: the owner's own words; null on versions published before 0027 (= text). */
  owner_text: string | null;
}

const toAgreement = (r: Row): RentalAgreement => ({ version: r.version, text: r.text, publishedAt: r.published_at });

/** The current (latest) published rental agreement, undefined when none ([agreement.publish]). */
export function currentRentalAgreement(db: Db): RentalAgreement | undefined {
  const row = db.prepare('SELECT * FROM rental_agreements ORDER BY version DESC LIMIT 1').get() as Row | undefined;
  return row ? toAgreement(row) : undefined;
}

/**
 * What the owner wrote of the current version ([compliance.numbers]): its text without the
 * county's numbers the publish added; undefined when none is published.
 */
export function currentAgreementOwnerText(db: Db): string | undefined {
  const row = db.prepare('SELECT text, owner_text FROM rental_agreements ORDER BY version DESC LIMIT 1').get() as Pick<Row, 'text' | 'owner_text'> | undefined;
  return row ? (row.owner_text ?? row.text) : undefined;
}

/** One published version, exactly as published; undefined for an unknown version. */
export function getRentalAgreement(db: Db, version: number): RentalAgreement | undefined {
  const row = db.prepare('SELECT * FROM rental_agreements WHERE version = ?').get(version) as Row | undefined;
  return row ? toAgreement(row) : undefined;
}

/** Every published version, newest first. */
export function listRentalAgreements(db: Db): RentalAgreement[] {
  return (db.prepare('SELECT * FROM rental_agreements ORDER BY version DESC').all() as Row[]).map(toAgreement);
}

/**
 * Publishes the owner's `ownerText` with the county's `numbers` (`agreementText`,
 * [compliance.numbers]) as the next version ([agreement.publish]) unless that is the current
 * text: published versions are never edited (the table's triggers refuse it), a new text (new
 * words or new numbers) makes version N+1. The caller has validated and trimmed the text
 * (non-blank). One transaction.
 * @returns the current agreement after the call and whether this call published it
 */
export function publishRentalAgreement(
  db: Db,
  ownerText: string,
  numbers: AgreementNumbers = { taxCertificateNumber: '', rentalRegistrationNumber: '' },
  now: Date = new Date(),
): { agreement: RentalAgreement; published: boolean } {
  return db.transaction(() => {
    const current = currentRentalAgreement(db);
    const text = agreementText(ownerText, numbers);
    if (current && current.text === text) return { agreement: current, published: false };
    const version = (current?.version ?? 0) + 1;
    db.prepare('INSERT INTO rental_agreements (version, text, published_at, owner_text) VALUES (?, ?, ?, ?)').run(version, text, now.toISOString(), ownerText);
    return { agreement: getRentalAgreement(db, version) as RentalAgreement, published: true };
  }).immediate();
}
