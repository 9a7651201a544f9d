import { describe, expect, it } from 'vitest';
import { FANNIN_COUNTY_TAXES } from './fannin-county.js';
import { GO_LIVE_KEYS, goLiveChecklist, type GoLiveFacts } from './go-live.js';
import { DEFAULT_SETTINGS } from './schema.js';

const NOW = new Date('2026-12-02T15:00:00Z');

/** A fresh install: everything still to do. */
const fresh: GoLiveFacts = {
  photos: { total: 20, builtIn: 20 },
  demoReviews: 6,
  contactIsDefault: { phone: true, email: true },
  settings: DEFAULT_SETTINGS,
  payments: 'off',
  mailConfigured: false,
};

/** Everything done. */
const ready: GoLiveFacts = {
  photos: { total: 20, builtIn: 0 },
  demoReviews: 0,
  contactIsDefault: { phone: false, email: false },
  settings: { ...DEFAULT_SETTINGS, taxes: [...FANNIN_COUNTY_TAXES], ownerEmail: 'owner@example.com', rentalAgreement: 'Terms', taxCertificateNumber: 'C-1', rentalRegistrationNumber: 'R-1' },
  payments: 'live',
  mailConfigured: true,
  lastBackupAt: '2026-12-01T03:00:00Z',
};

const open = (facts: GoLiveFacts, now = NOW) => goLiveChecklist(facts, now).filter((i) => !i.done).map((i) => i.key);

describe('goLiveChecklist ([setup.go-live])', () => {
  it('lists every item, in order; a fresh install has all ten left, each saying what and how', () => {
    const items = goLiveChecklist(fresh, NOW);
    expect(items.map((i) => i.key)).toEqual([...GO_LIVE_KEYS]);
    expect(items.every((i) => !i.done && i.message && i.fix)).toBe(true);
    expect(items.find((i) => i.key === 'photos')?.message).toBe('20 of the site’s 20 photos are still the built-in ones');
    expect(items.find((i) => i.key === 'demo-reviews')?.message).toBe('6 demo reviews are still in the site’s reviews');
    expect(items.find((i) => i.key === 'contact')?.message).toBe('The contact phone and e-mail are still the examples');
    expect(items.find((i) => i.key === 'taxes')?.fix).toEqual({ tab: 'settings', section: 'taxes', action: 'Review them or use the Fannin County preset' });
    expect(items.find((i) => i.key === 'payments')?.message).toBe('Card payments are off: guests cannot pay on the site');
    expect(items.find((i) => i.key === 'compliance')?.message).toContain('Fannin County requires a certificate number before advertising');
    expect(items.find((i) => i.key === 'backup')?.message).toBe('No backup of the database yet');
  });

  it('is all done once everything is fixed', () => {
    expect(open(ready)).toEqual([]);
    expect(goLiveChecklist(ready, NOW).every((i) => i.message === undefined && i.fix === undefined)).toBe(true);
  });

  it('shrinks one item at a time, and says singular things singularly', () => {
    expect(open({ ...ready, photos: { total: 20, builtIn: 1 } })).toEqual(['photos']);
    expect(goLiveChecklist({ ...ready, photos: { total: 20, builtIn: 1 } }, NOW)[0]?.message).toBe('1 of the site’s 20 photos is still the built-in one');
    expect(goLiveChecklist({ ...ready, demoReviews: 1 }, NOW)[1]?.message).toBe('1 demo review is still in the site’s reviews');
    expect(goLiveChecklist({ ...ready, contactIsDefault: { phone: true, email: false } }, NOW)[2]?.message).toBe('The contact phone is still the example');
    expect(open({ ...ready, settings: { ...ready.settings, ownerEmail: null } })).toEqual(['owner-email']);
    expect(open({ ...ready, settings: { ...ready.settings, rentalAgreement: '  ' } })).toEqual(['agreement']);
    expect(open({ ...ready, settings: { ...ready.settings, rentalRegistrationNumber: '' } })).toEqual(['compliance']);
    expect(open({ ...ready, mailConfigured: false })).toEqual(['mail']);
  });

  it('counts tax lines as reviewed once they differ from the generic ones, the preset or the owner’s own', () => {
    expect(open({ ...ready, settings: { ...ready.settings, taxes: DEFAULT_SETTINGS.taxes } })).toEqual(['taxes']);
    expect(open({ ...ready, settings: { ...ready.settings, taxes: [{ name: 'Only tax', kind: 'percent', bps: 500 }] } })).toEqual([]);
  });

  it('asks for live payments: test mode is not live', () => {
    const test = goLiveChecklist({ ...ready, payments: 'test' }, NOW).find((i) => i.key === 'payments');
    expect(test).toMatchObject({ done: false, message: 'Card payments are in Stripe’s test mode: no guest is really charged' });
  });

  it('takes a backup of at most 7 days ago', () => {
    const at = (iso: string) => open({ ...ready, lastBackupAt: iso });
    expect(at('2026-11-25T15:00:00Z')).toEqual([]);
    expect(at('2026-11-25T14:59:59Z')).toEqual(['backup']);
    expect(goLiveChecklist({ ...ready, lastBackupAt: '2026-11-01T00:00:00Z' }, NOW).at(-1)?.message).toBe('No backup in the last 7 days');
  });
});
