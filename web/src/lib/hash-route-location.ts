/**
 * The desktop app's routes, in the URL's hash: `#/admin?tab=calendar` (its page is one file)
 * ([routes]). Apart from lib/navigation.ts so the website's first load does not carry it. Not
 * wouter's `useHashLocation`: that keeps the query outside the hash and has no room for an anchor
 * after the route.
 */
import { useSyncExternalStore } from 'react';

/** `#/admin?tab=bookings#booking-12` → path `/admin`, query `?tab=bookings` (an in-page anchor after the route is ignored). */
function hashRoute(): { path: string; search: string } {
  let route = window.location.hash.slice(1);
  const anchor = route.indexOf('#');
  if (anchor >= 0) route = route.slice(0, anchor);
  const query = route.indexOf('?');
  const path = query >= 0 ? route.slice(0, query) : route;
  return { path: path.startsWith('/') ? path : `/${path}`, search: query >= 0 ? route.slice(query) : '' };
}

const subscribeToHash = (callback: () => void) => {
  window.addEventListener('hashchange', callback);
  return () => window.removeEventListener('hashchange', callback);
};
const hashRoutePath = () => hashRoute().path;
const hashRouteSearch = () => hashRoute().search;

function navigateInHash(to: string, { replace = false, state = null }: { replace?: boolean; state?: unknown } = {}): void {
  const oldURL = window.location.href;
  window.history[replace ? 'replaceState' : 'pushState'](state, '', `#${to}`);
  window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: window.location.href }));
}

function useHashRoutePath(): [string, typeof navigateInHash] {
  return [useSyncExternalStore(subscribeToHash, hashRoutePath, () => '/'), navigateInHash];
}

function useHashRouteSearch(): string {
  return useSyncExternalStore(subscribeToHash, hashRouteSearch, () => '');
}

/**
 * For `<Router hook={hashRouteLocation}>`: the route and its query live in the URL's hash
 * (`#/admin?tab=calendar`), and links point there (`href="#/admin"`).
 */
export const hashRouteLocation = Object.assign(useHashRoutePath, {
  searchHook: useHashRouteSearch,
  hrefs: (href: string) => `#${href}`,
});
