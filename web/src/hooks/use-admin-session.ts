/**
 * The owner's admin session ([admin.login], [auth.areas],
 * [auth.browser-flag]).
 *
 * [auth.browser-flag] keeps a logged-in flag in persistent browser storage (`adminAuthenticated` = "true");
 * we keep that flag so the dashboard opens without a login flash, but the server decides:
 * - on load, a set flag is confirmed with `GET /api/auth/session`;
 * - any admin query or mutation that fails with 401 means the session is gone (expired, logged
 *   out elsewhere, cookies cleared): the flag is cleared and the login form comes back;
 * - logout ends the server session, clears the flag and drops the cached admin data.
 * The flag is shared by every tab of the browser (the `storage` event), so logging out in one
 * logs out all.
 */
import { createPasswordSessionHook, type PasswordSession, type PasswordSessionStatus } from './create-password-session';

/** [auth.browser-flag]: the flag in persistent browser storage. */
export const ADMIN_FLAG_KEY = 'adminAuthenticated';

const adminSession = createPasswordSessionHook({
  flagKey: ADMIN_FLAG_KEY,
  storage: 'local',
  area: 'admin',
  incorrectPassword: 'Incorrect password',
});

export const ADMIN_SESSION_QUERY_KEY = adminSession.sessionQueryKey;
export type AdminSessionStatus = PasswordSessionStatus;
export type AdminSession = PasswordSession;
/** Use once, in the admin page: it owns the flag and listens for lost sessions. */
export const useAdminSession: () => AdminSession = adminSession.usePasswordSession;
