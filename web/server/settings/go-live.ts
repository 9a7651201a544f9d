import path from 'node:path';
import { DEFAULT_IMAGE_DIR, DEFAULT_LISTING, goLiveChecklist, listingImagePaths, type GoLiveFacts, type GoLiveItem } from '@ridgeline/core';
import { getImageConfig, getListing, getOwnerSettings, listBackups, listReviews } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/** `sk_test_…` / `rk_test_…`: a Stripe test-mode key (Stripe's docs, "API keys"). */
const TEST_KEY = /^(sk|rk)_test_/;

/** `20261202T101500Z` (a backup's file name) → `2026-12-02T10:15:00Z`. */
const isoOfBackupStamp = (s: string) => `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`;

/**
 * The facts of the go-live checklist ([setup.go-live]) as they stand: photos, reviews, listing
 * contact, settings, the server's Stripe and SMTP configuration, DATA_DIR/backups' newest file.
 */
export function goLiveFacts(deps: Pick<AppDeps, 'db' | 'config'>): GoLiveFacts {
  const paths = listingImagePaths(getImageConfig(deps.db));
  const listing = getListing(deps.db);
  const key = deps.config.stripe.secretKey;
  const newest = listBackups(path.join(path.resolve(deps.config.dataDir), 'backups'))[0];
  return {
    photos: { total: paths.length, builtIn: paths.filter((p) => p.startsWith(`${DEFAULT_IMAGE_DIR}/`)).length },
    demoReviews: listReviews(deps.db).filter((r) => r.source === 'demo').length,
    contactIsDefault: { phone: listing.contactPhone === DEFAULT_LISTING.contactPhone, email: listing.contactEmail === DEFAULT_LISTING.contactEmail },
    settings: getOwnerSettings(deps.db),
    payments: !key ? 'off' : TEST_KEY.test(key) ? 'test' : 'live',
    mailConfigured: Boolean(deps.config.mail.smtpUrl),
    lastBackupAt: newest ? isoOfBackupStamp(newest.takenAt) : undefined,
  };
}

/** The go-live checklist as of the app's clock ([setup.go-live]). */
export function goLiveItems(deps: Pick<AppDeps, 'db' | 'config' | 'now'>): GoLiveItem[] {
  return goLiveChecklist(goLiveFacts(deps), deps.now?.() ?? new Date());
}
