/**
 * The go-live checklist ([setup.go-live]): what still makes the site a demo or leaves the owner
 * exposed, read from facts the server gathers (settings, listing, photos, reviews, configuration,
 * backups). Pure: the caller reads the facts, this decides what is left and says how to fix it.
 */
import { DEFAULT_SETTINGS, type Settings } from './schema.js';
import { complianceGaps } from './compliance.js';

/** What the checklist is decided from; every field is read by the server at request time. */
export interface GoLiveFacts {
  /** The site's distinct photos (home page, carousel, location) and how many are still the ones shipped with Ridgeline. */
  photos: { total: number; builtIn: number };
  /** Reviews whose source is `demo`, published or not. */
  demoReviews: number;
  /** Whether the listing's contact phone and e-mail are still the defaults of a fresh install. */
  contactIsDefault: { phone: boolean; email: boolean };
  settings: Pick<Settings, 'taxes' | 'ownerEmail' | 'rentalAgreement' | 'taxCertificateNumber' | 'rentalRegistrationNumber'>;
  /** `off` without STRIPE_SECRET_KEY; `test` with an `sk_test_`/`rk_test_` key; `live` otherwise. */
  payments: 'off' | 'test' | 'live';
  /** Whether SMTP_URL is set (mail is sent, not only logged). */
  mailConfigured: boolean;
  /** When the newest backup in DATA_DIR/backups was taken (ISO 8601), none when there is none. */
  lastBackupAt?: string;
}

/** The keys of the checklist, in its order. */
export const GO_LIVE_KEYS = [
  'photos',
  'demo-reviews',
  'contact',
  'taxes',
  'payments',
  'mail',
  'owner-email',
  'agreement',
  'compliance',
  'backup',
] as const;
export type GoLiveKey = (typeof GO_LIVE_KEYS)[number];

/** Where an item is fixed: a dashboard tab, or (for the server's configuration) a how-to. */
export type GoLiveFix = { tab: 'images' | 'reviews' | 'settings'; section?: 'listing' | 'taxes' | 'owner-email' | 'agreement' | 'compliance'; action: string } | { howTo: string };

/** One item of the checklist: `done`, or what is left (`message`) and how to fix it. */
export interface GoLiveItem {
  key: GoLiveKey;
  /** The item as done reads ("Your own photos"), for the progress list. */
  label: string;
  done: boolean;
  /** What is left, when not done. */
  message?: string;
  fix?: GoLiveFix;
}

/** A backup older than this is no backup for the checklist. */
export const BACKUP_MAX_AGE_DAYS = 7;

const sameTaxes = (a: Settings['taxes'], b: Settings['taxes']) => JSON.stringify(a) === JSON.stringify(b);

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The go-live checklist of `facts` as of `now`, every key of GO_LIVE_KEYS once and in order
 * ([setup.go-live]). Tax lines count as reviewed once they differ from a fresh install's generic
 * ones (the Fannin County preset, or the owner's own); a backup counts when taken within
 * BACKUP_MAX_AGE_DAYS of `now`.
 */
export function goLiveChecklist(facts: GoLiveFacts, now: Date): GoLiveItem[] {
  const items: GoLiveItem[] = [];
  const add = (key: GoLiveKey, label: string, left: false | { message: string; fix: GoLiveFix }) =>
    items.push(left ? { key, label, done: false, message: left.message, fix: left.fix } : { key, label, done: true });

  const { photos, settings } = facts;
  add(
    'photos',
    'Your own photos',
    photos.builtIn > 0 && {
      message: `${photos.builtIn} of the site’s ${plural(photos.total, 'photo')} ${photos.builtIn === 1 ? 'is' : 'are'} still the built-in one${photos.builtIn === 1 ? '' : 's'}`,
      fix: { tab: 'images', action: 'Upload your photos' },
    },
  );
  add(
    'demo-reviews',
    'No demo reviews',
    facts.demoReviews > 0 && {
      message: `${plural(facts.demoReviews, 'demo review')} ${facts.demoReviews === 1 ? 'is' : 'are'} still in the site’s reviews`,
      fix: { tab: 'reviews', action: 'Delete the demo reviews' },
    },
  );
  const defaults = [facts.contactIsDefault.phone && 'phone', facts.contactIsDefault.email && 'e-mail'].filter(Boolean);
  add(
    'contact',
    'Your contact phone and e-mail',
    defaults.length > 0 && {
      message: `The contact ${defaults.join(' and ')} ${defaults.length === 1 ? 'is' : 'are'} still the example${defaults.length === 1 ? '' : 's'}`,
      fix: { tab: 'settings', section: 'listing', action: 'Edit the listing’s contact' },
    },
  );
  add(
    'taxes',
    'Tax lines reviewed',
    sameTaxes(settings.taxes, DEFAULT_SETTINGS.taxes) && {
      message: 'The tax lines are still the generic ones, never reviewed',
      fix: { tab: 'settings', section: 'taxes', action: 'Review them or use the Fannin County preset' },
    },
  );
  add(
    'payments',
    'Card payments live',
    facts.payments !== 'live' && {
      message: facts.payments === 'off' ? 'Card payments are off: guests cannot pay on the site' : 'Card payments are in Stripe’s test mode: no guest is really charged',
      fix: { howTo: 'Set STRIPE_SECRET_KEY (a live key, sk_live_…) and STRIPE_WEBHOOK_SECRET in the server’s .env, then restart it' },
    },
  );
  add(
    'mail',
    'E-mail sending',
    !facts.mailConfigured && {
      message: 'E-mail is not set up: guests get no confirmation and you get no notice',
      fix: { howTo: 'Set SMTP_URL and MAIL_FROM in the server’s .env, then restart it' },
    },
  );
  add(
    'owner-email',
    'Your e-mail for notices',
    !settings.ownerEmail && {
      message: 'No owner e-mail: notices of bookings, cancellations and disputes reach no one',
      fix: { tab: 'settings', section: 'owner-email', action: 'Add your e-mail' },
    },
  );
  add(
    'agreement',
    'A rental agreement',
    !settings.rentalAgreement.trim() && {
      message: 'No rental agreement: guests book without accepting your terms',
      fix: { tab: 'settings', section: 'agreement', action: 'Publish a rental agreement' },
    },
  );
  const gaps = complianceGaps(settings);
  add(
    'compliance',
    'County numbers',
    gaps.length > 0 && {
      message: gaps.map((g) => g.message).join('; '),
      fix: { tab: 'settings', section: 'compliance', action: 'Fill in the Compliance settings' },
    },
  );
  const backupAge = facts.lastBackupAt === undefined ? Infinity : (now.getTime() - Date.parse(facts.lastBackupAt)) / 86_400_000;
  add(
    'backup',
    'A recent backup',
    !(backupAge <= BACKUP_MAX_AGE_DAYS) && {
      message: facts.lastBackupAt === undefined ? 'No backup of the database yet' : `No backup in the last ${BACKUP_MAX_AGE_DAYS} days`,
      fix: { howTo: 'Run npm run backup on the server, and schedule it daily (for example from cron)' },
    },
  );
  return items;
}
