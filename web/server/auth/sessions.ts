import type { SessionsResponse } from '@ridgeline/core';
import { endSessions, listSessions, revokeSession, sessionIdOfToken, type PasswordArea } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

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
