/**
 * The few navigation helpers the SPA needs beyond wouter ([routes]). Routing itself — matching,
 * `<Switch>`/`<Route>`, `<Link>`, `useLocation()`'s `navigate(to, { replace, state })`,
 * `useParams` — is wouter's; this file adds what wouter leaves out:
 * - the URL's raw query and hash and the history entry's state (`useHistoryEntry`), with an id
 *   per navigation, so an effect can run once per arrival;
 * - the kind of the last navigation, push, replace or back/forward (`useNavigationType`).
 * `useSearchParams` is wouter's, passed on from here. The desktop app's routes in the URL's hash
 * are in lib/hash-route-location.ts, not wouter's `useHashLocation`: that one keeps the query in
 * the URL's real query (`index.html?tab=x#/admin`) and has no room for an in-page anchor after the
 * route (`#/admin?tab=bookings#booking-12`), both of which the desktop app's links rely on.
 * Everything reads the router in context, so tests can render under wouter's `memoryLocation`.
 */
import { useMemo } from 'react';
import { useRouter } from 'wouter';
import { useLocationProperty } from 'wouter/use-browser-location';

/** How the current history entry was reached: `PUSH`, `REPLACE`, or `POP` (Back/Forward, or the page load). */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

interface Navigation {
  type: NavigationType;
  /** Counts navigations since the page loaded (0: the page load). */
  id: number;
}

const inBrowser = typeof window !== 'undefined';
let lastNavigation: Navigation = { type: 'POP', id: 0 };
// wouter announces pushState/replaceState as window events of those names (and the browser
// fires popstate). Listening from this module's load means listening before wouter's own
// subscription, so a component re-rendered for a navigation already reads its kind.
if (inBrowser) {
  const record = (type: NavigationType) => () => {
    lastNavigation = { type, id: lastNavigation.id + 1 };
  };
  window.addEventListener('popstate', record('POP'));
  window.addEventListener('pushState', record('PUSH'));
  window.addEventListener('replaceState', record('REPLACE'));
}

// The browser's values already while hydrating (the server has none): nothing renders them
// before hydration ends, and effects then see the real entry at once.
const currentNavigation = () => lastNavigation;
const currentHash = () => (inBrowser ? window.location.hash : '');
const currentState = (): unknown => (inBrowser ? (window.history.state as unknown) : null);

// wouter's subscription to the address (notifies all its readers together); its type admits only
// primitives, but any value that is the same object until it changes works.
const useAddressValue = useLocationProperty as <T>(getSnapshot: () => T, getServerSnapshot: () => T) => T;

function useNavigation(): Navigation {
  return useAddressValue(currentNavigation, currentNavigation);
}

/** The kind of the navigation that led to the current entry (`POP` on the first page). */
export function useNavigationType(): NavigationType {
  return useNavigation().type;
}

/** The path as in the address bar (still percent-encoded), e.g. `/stay/abc`. */
export function usePathname(): string {
  const router = useRouter();
  return router.hook(router)[0];
}

/** The query as in the address bar, with its `?` (`''` when there is none), e.g. `?tab=calendar`. */
export function useSearch(): string {
  const router = useRouter();
  const search = router.searchHook(router);
  return search && !search.startsWith('?') ? `?${search}` : search;
}

/** The current history entry: URL parts, its state, and the navigation that led to it. */
export interface HistoryEntry {
  pathname: string;
  search: string;
  /** `#section` or `''`. */
  hash: string;
  /** What the navigation passed as `state` (`null` after a page load). */
  state: unknown;
  /** Changes on every navigation, even to the same URL (Back and Forward included). */
  navigationId: number;
}

/** The current history entry; a new object on every navigation. */
export function useHistoryEntry(): HistoryEntry {
  const pathname = usePathname();
  const search = useSearch();
  const hash = useAddressValue(currentHash, currentHash);
  const state = useAddressValue(currentState, currentState);
  const { id } = useNavigation();
  return useMemo(() => ({ pathname, search, hash, state, navigationId: id }), [pathname, search, hash, state, id]);
}

/** `pathname` + `search` + `hash`, leaving out an empty `?` or `#`. */
export function pathOf({ pathname, search = '', hash = '' }: { pathname: string; search?: string; hash?: string }): string {
  const query = search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '';
  const fragment = hash && hash !== '#' ? (hash.startsWith('#') ? hash : `#${hash}`) : '';
  return pathname + query + fragment;
}

/**
 * The query as `URLSearchParams`, and a setter that navigates to the same path with a new query
 * (a push, or `{ replace: true }`; the hash is dropped): wouter's own, which reads the router in
 * context (`searchHook`), so it also works under the desktop app's hash routes.
 */
export { useSearchParams } from 'wouter';
