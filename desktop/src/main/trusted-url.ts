/**
 * Which URLs belong to the app ([desktop.hardening]: parsed with `new URL`, never by substring).
 * The renderer is served from `app://ridgeline` (see app-protocol.ts), or from Vite's dev server
 * when `npm run dev -w desktop` passes its origin.
 */
import { APP_HOST, APP_SCHEME } from '../shared/ridgeline-api';

function parse(raw: string): URL | undefined {
  try {
    return new URL(raw);
  } catch {
    return undefined;
  }
}

/**
 * True for a URL of the app itself: exactly `app://ridgeline/…` (no user info, no port), or the
 * dev server's origin when one is given. `app://ridgeline.evil.com`, `app://x@ridgeline`,
 * `http://localhost:5174@evil.com` are not.
 */
export function isAppUrl(raw: string, devServerOrigin?: string): boolean {
  const url = parse(raw);
  if (!url || url.username || url.password) return false;
  if (url.protocol === `${APP_SCHEME}:`) return url.host === APP_HOST;
  if (devServerOrigin && (url.protocol === 'http:' || url.protocol === 'https:')) return url.origin === devServerOrigin;
  return false;
}

/** What to do with a navigation or `window.open`. */
export type NavigationDecision =
  | { action: 'allow' }
  /** Not ours: hand the normalised URL to the system browser (or mail client). */
  | { action: 'open-externally'; url: string }
  | { action: 'refuse' };

/**
 * Same-app URLs stay in the window; http(s) links (a guest's website, Google's consent page) and
 * mailto: (a guest's e-mail in Bookings) go to the system's handler; anything else — javascript:,
 * file:, data:, other custom schemes, URLs with user info that hide their real host — is refused.
 */
export function classifyNavigation(raw: string, devServerOrigin?: string): NavigationDecision {
  if (isAppUrl(raw, devServerOrigin)) return { action: 'allow' };
  const url = parse(raw);
  if (!url || url.username || url.password) return { action: 'refuse' };
  if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) {
    return { action: 'open-externally', url: url.href };
  }
  if (url.protocol === 'mailto:' && url.pathname) return { action: 'open-externally', url: url.href };
  return { action: 'refuse' };
}
