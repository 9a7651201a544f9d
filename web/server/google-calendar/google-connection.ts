import type { CalendarStatus } from '@ridgeline/core';
import {
  clearGoogleConnection,
  hasGoogleRefreshToken,
  lastGoogleCheck,
  loadGoogleRefreshToken,
  recordGoogleCheck,
  saveGoogleRefreshToken,
  SecretDecryptError,
  type GoogleCalendarClient,
} from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';
import { secretBox } from '../security/secret-box.js';

/**
 * The owner's Google Calendar connection: the encrypted refresh token and how Google answered
 * the last time it was used. All state is in the database, so any number of these agree.
 */
export interface GoogleConnection {
  /** GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set (the client exists). */
  readonly configured: boolean;
  status(): CalendarStatus;
  /** The client and token to call Google with; undefined when not configured or not connected. */
  active(): { client: GoogleCalendarClient; refreshToken: string } | undefined;
  /** Stores a token Google has just accepted. */
  save(refreshToken: string): void;
  /** Records Google's answer to a use of the token (an auth failure disconnects). */
  record(ok: boolean, error?: string): void;
  disconnect(): void;
}

export function googleConnection(deps: Pick<AppDeps, 'db' | 'config' | 'logger' | 'google' | 'now'>): GoogleConnection {
  const { db } = deps;
  const now = () => deps.now?.() ?? new Date();
  const record = (ok: boolean, error?: string) => recordGoogleCheck(db, { ok, ...(error ? { error } : {}) }, now());

  const token = (): string | undefined => {
    try {
      return loadGoogleRefreshToken(db, secretBox(deps));
    } catch (err) {
      if (!(err instanceof SecretDecryptError)) throw err;
      // The key changed (SECRET_KEY set or secret.key replaced): the owner must connect again.
      const check = lastGoogleCheck(db);
      if (check?.ok !== false || check.error !== err.message) record(false, err.message);
      deps.logger.warn('the stored Google refresh token cannot be decrypted; connect Google Calendar again');
      return undefined;
    }
  };

  return {
    configured: Boolean(deps.google),
    status() {
      const configured = Boolean(deps.google);
      const stored = hasGoogleRefreshToken(db);
      const check = lastGoogleCheck(db);
      const connected = configured && stored && check?.ok === true;
      return {
        configured,
        connected,
        ...(check?.ok === false && check.error ? { lastError: check.error } : {}),
        ...(stored && !configured ? { lastError: 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are not set on this server' } : {}),
        ...(check?.ok ? { lastCheckedAt: check.at } : {}),
      };
    },
    active() {
      if (!deps.google || lastGoogleCheck(db)?.ok !== true) return undefined;
      const refreshToken = token();
      return refreshToken ? { client: deps.google, refreshToken } : undefined;
    },
    save(refreshToken) {
      saveGoogleRefreshToken(db, secretBox(deps), refreshToken, now());
    },
    record,
    disconnect() {
      clearGoogleConnection(db);
    },
  };
}
