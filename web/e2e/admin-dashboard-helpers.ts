import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { priceStay, type PriceBreakdown, type StripePaymentDetails } from '@ridgeline/core';
import { E2E_ADMIN_PASSWORD } from './fixtures';

/** Signs in through the login form at `${origin}/admin` and waits for the dashboard. */
export async function signInThroughForm(page: Page, origin = ''): Promise<void> {
  await page.goto(`${origin}/admin`);
  await page.getByLabel('Password').fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('tablist', { name: 'Dashboard sections' })).toBeVisible();
}

/**
 * The signed-in state (Playwright's storageState: the session cookie, and the
 * [auth.browser-flag] flag in localStorage) of each server this worker signed in to through the
 * form, by origin. Each server has its own database, so a state is good for its server only.
 */
const signedIn = new Map<string, { cookies: Awaited<ReturnType<BrowserContext['cookies']>>; flag: string }>();

/**
 * Opens the dashboard at `${origin}/admin` signed in, and waits for it. The first time in a worker
 * for a server it signs in through the login form (signInThroughForm) and saves the signed-in
 * state; later tests of the worker against that server start from the saved state instead of
 * typing the password again (issue 24: one sign-in per server, not per test). Should the saved
 * session have ended (a test signed out everywhere), it signs in through the form again. Tests
 * about signing in itself use signInThroughForm.
 */
export async function loginAsAdmin(page: Page, origin = ''): Promise<void> {
  // The server's origin, from the page's own request context (its baseURL), without a navigation.
  const at = new URL((await page.request.get(`${origin}/api/health`)).url()).origin;
  const saved = signedIn.get(at);
  if (saved) {
    await page.context().addCookies(saved.cookies);
    // The flag as the sign-in left it, written once before the dashboard's first script runs.
    await page.addInitScript(
      ([key, value, server]) => {
        if (window.location.origin !== server || window.sessionStorage.getItem('e2e-saved-state')) return;
        window.localStorage.setItem(key as string, value as string);
        window.sessionStorage.setItem('e2e-saved-state', '1');
      },
      [ADMIN_FLAG, saved.flag, at],
    );
    await page.goto(`${at}/admin`);
    const dashboard = page.getByRole('tablist', { name: 'Dashboard sections' });
    await expect(dashboard.or(page.getByLabel('Password'))).toBeVisible();
    if (await dashboard.isVisible()) return;
  }
  await signInThroughForm(page, at);
  const flag = await page.evaluate((key) => window.localStorage.getItem(key), ADMIN_FLAG);
  const cookies = await page.context().cookies(at);
  if (flag && cookies.some((c) => c.name === ADMIN_SESSION_COOKIE)) signedIn.set(at, { cookies, flag });
}

/** [auth.browser-flag]: the dashboard's flag in localStorage (web/src/hooks/use-admin-session.ts). */
const ADMIN_FLAG = 'adminAuthenticated';
/** The admin session's cookie (SESSION_COOKIE.admin in web/server/http/sessions.ts). */
const ADMIN_SESSION_COOKIE = 'rl_admin_session';

/** The dashboard tab named `name` ([admin.tabs]: role=tab, named exactly). */
export function dashboardTab(page: Page, name: string) {
  return page.getByRole('tab', { name, exact: true });
}

/**
 * Signs in at `${origin}/admin`, opens the tab `name` and waits for its panel's heading (level 2,
 * named like the tab).
 */
export async function openDashboardTab(page: Page, name: string, origin = ''): Promise<void> {
  await loginAsAdmin(page, origin);
  await dashboardTab(page, name).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
}

/** The toasts' live region (named "Notifications …"). */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /notifications/i });
}

export interface TestBooking {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  location?: string;
  ipAddress?: string;
  checkin: string;
  checkout: string;
  guests?: number;
  message?: string;
  specialRequests?: string;
  paymentStatus?: string;
  stripePaymentIntentId?: string | null;
  stripePaymentDetails?: StripePaymentDetails | null;
  /** Defaults to the standard price of the dates; null stores no quote. */
  quote?: PriceBreakdown | null;
  createdAt?: string;
  /**
   * Cents the guest paid, recorded in the booking's money ledger ([money.ledger]) as a card
   * charge of `stripePaymentIntentId` (else an offline payment); nothing when left out.
   */
  amountPaidCents?: number;
}

/**
 * Inserts a booking inquiry straight into the server's database (without the public booking
 * flow, so any dates and quote can be set up). Returns its id.
 */
export function insertBooking(dataDir: string, booking: TestBooking): number {
  const quote = booking.quote === undefined ? (priceStay(booking.checkin, booking.checkout) ?? null) : booking.quote;
  const db = new Database(path.join(dataDir, 'ridgeline.sqlite'));
  try {
    const result = db
      .prepare(
        `INSERT INTO booking_inquiries (first_name, last_name, email, phone, location, ip_address, checkin, checkout, guests,
           message, special_requests, payment_status, stripe_payment_intent_id, stripe_payment_details, quote_json, total_cents, created_at, guest_token)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        booking.firstName,
        booking.lastName,
        booking.email,
        booking.phone ?? '',
        booking.location ?? '',
        booking.ipAddress ?? '',
        booking.checkin,
        booking.checkout,
        booking.guests ?? 2,
        booking.message ?? '',
        booking.specialRequests ?? '',
        booking.paymentStatus ?? 'pending',
        booking.stripePaymentIntentId ?? null,
        booking.stripePaymentDetails ? JSON.stringify(booking.stripePaymentDetails) : null,
        quote ? JSON.stringify(quote) : null,
        quote?.totalCents ?? null,
        booking.createdAt ?? new Date().toISOString(),
        // Every booking has its guest page token, as the store makes it.
        randomBytes(24).toString('base64url'),
      );
    const id = Number(result.lastInsertRowid);
    if (booking.amountPaidCents) {
      const at = booking.createdAt ?? new Date().toISOString();
      const pi = booking.stripePaymentIntentId ?? null;
      db.prepare(
        `INSERT INTO money_entries (booking_id, kind, amount_cents, at, source, stripe_object_id, payment_intent_id, method, note, recorded_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, '', ?)`,
      ).run(id, pi ? 'charge' : 'offline_payment', booking.amountPaidCents, at, pi ? 'stripe' : 'owner', pi, pi, pi ? 'card' : 'other', at);
    }
    return id;
  } finally {
    db.close();
  }
}

/** A name no other test in the worker uses. */
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/**
 * Inserts a reservation imported from another platform's calendar straight into the server's
 * database, under a paused source of its own whose feed is never read (no sync can replace it).
 */
export function insertImportedStay(dataDir: string, stay: { platform: 'airbnb' | 'vrbo' | 'booking'; start: string; end: string; uid: string }): void {
  const db = new Database(path.join(dataDir, 'ridgeline.sqlite'));
  try {
    const now = new Date().toISOString();
    const source = db
      .prepare("INSERT INTO calendar_sources (name, ical_url, platform, is_active, auto_sync_enabled, created_at) VALUES (?, 'http://127.0.0.1:9/never.ics', ?, 0, 0, ?)")
      .run(`${stay.platform} (e2e)`, stay.platform, now);
    db.prepare('INSERT INTO imported_events (source_id, uid, start_date, end_date, summary, is_reservation, first_seen, last_seen) VALUES (?, ?, ?, ?, ?, 1, ?, ?)').run(
      Number(source.lastInsertRowid),
      stay.uid,
      stay.start,
      stay.end,
      'Reserved',
      now,
      now,
    );
  } finally {
    db.close();
  }
}
