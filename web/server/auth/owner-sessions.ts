import type { SessionsResponse } from '@ridgeline/core';
import { changePassword, checkPassword, createSession, deleteSession, endSessions, forgetFirstRunPassword, listSessions, revokeSession, sessionIdOfToken, type PasswordArea, type SessionClient } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/**
 * The owner areas' passwords and sessions over the database and the app's clock, for
 * `auth.routes.ts` and `sessions.routes.ts` (routes do not call stores, docs/architecture.md).
 */

/**
 * The open sessions of both owner areas as of the app's clock ([security.sessions]), each
 * `current` when its token is one of `ownTokens` (the tokens the request carries); never a token
 * or its hash: `id` is a random public id.
 */
export function openSessions(deps: Pick<AppDeps, 'db' | 'now'>, ownTokens: readonly (string | undefined)[]): SessionsResponse['sessions'] {
  const mine = new Set(ownTokens.map((token) => (token ? sessionIdOfToken(deps.db, token) : undefined)));
  return listSessions(deps.db, deps.now?.()).map((s) => ({ ...s, current: mine.has(s.id) }));
}

/** Ends every session of `area` (both areas when undefined) but the one of `keepToken`; the number ended ([security.sessions]). */
export function signOutEverywhere(deps: Pick<AppDeps, 'db'>, area: PasswordArea | undefined, keepToken: string | undefined): number {
  return endSessions(deps.db, area, keepToken);
}

/** Ends the session with public id `id`; its area, undefined for an unknown id ([security.sessions]). */
export function endSession(deps: Pick<AppDeps, 'db'>, id: string): PasswordArea | undefined {
  return revokeSession(deps.db, id);
}

/**
 * How long a session lasts, in seconds (30 days): the cookie's `maxAge` and the desktop sign-in's
 * `expiresIn` ([auth.login]).
 */
export { SESSION_TTL_SECONDS } from '@ridgeline/core/node';

/** Whether `password` is `area`'s password ([auth.login]); scrypt, so it takes its time. */
export function passwordIsRight(deps: Pick<AppDeps, 'db'>, area: PasswordArea, password: string): Promise<boolean> {
  return checkPassword(deps.db, area, password);
}

/** Starts a session of `area` as of the app's clock; its token, for the cookie or the desktop app ([auth.login], [security.sessions]). */
export function startSession(deps: Pick<AppDeps, 'db' | 'now'>, area: PasswordArea, client: SessionClient, seen: { userAgent: string; ip: string }): string {
  return createSession(deps.db, area, client, deps.now?.(), seen);
}

/** Ends the session of `token`, if any ([auth.login]). */
export function endSessionOfToken(deps: Pick<AppDeps, 'db'>, token: string): void {
  deleteSession(deps.db, token);
}

/**
 * Sets `area`'s password and ends every other session of the area but `keepToken`'s
 * ([auth.password-change]); its generated password leaves DATA_DIR/first-run.txt
 * ([setup.first-run]). How many sessions ended. @throws RangeError for fewer than 8 characters
 */
export async function setPassword(
  deps: Pick<AppDeps, 'db' | 'config'>,
  area: PasswordArea,
  newPassword: string,
  keepToken: string | undefined,
): Promise<number> {
  const ended = await changePassword(deps.db, area, newPassword, keepToken);
  forgetFirstRunPassword(deps.config.dataDir, area);
  return ended;
}
