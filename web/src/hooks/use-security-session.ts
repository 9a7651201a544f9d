/**
 * The security console's session ([security.console], [auth.areas]:
 * the security console session is separate).
 *
 * [auth.browser-flag] keeps the console's authenticated flag in session storage (`securityAuthenticated` =
 * "true", so it ends with the tab); we keep that flag so the console opens without a gate flash,
 * but the server decides:
 * - on load, a set flag is confirmed with `GET /api/security/session`;
 * - any console call (`/api/security/…`) answered 401 means the session is gone: the flag is
 *   cleared and the gate comes back;
 * - logout ends the server session, clears the flag and drops the console's cached data.
 * The admin dashboard's session is another one: neither opens the other.
 */
import { createPasswordSessionHook, type PasswordSession, type PasswordSessionStatus } from './create-password-session';

/** [auth.browser-flag]: the flag in session storage. */
export const SECURITY_FLAG_KEY = 'securityAuthenticated';

const securitySession = createPasswordSessionHook({
  flagKey: SECURITY_FLAG_KEY,
  storage: 'session',
  area: 'security',
  incorrectPassword: 'Incorrect security password',
  // The console shares the page's cache with nothing else, but only its own calls (`/api/security/…`)
  // speak for its session.
  ownsKey: (key) => typeof key?.[0] === 'string' && key[0].startsWith('/api/security/'),
  signOutOnCheckError: true,
});

export const SECURITY_SESSION_QUERY_KEY = securitySession.sessionQueryKey;
export type SecuritySessionStatus = PasswordSessionStatus;
export type SecuritySession = PasswordSession;
/** Use once, in the console page: it owns the flag and listens for lost sessions. */
export const useSecuritySession: () => SecuritySession = securitySession.usePasswordSession;
