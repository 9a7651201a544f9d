import { blockIp, listIpBlocks, listSecurityEvents, unblockIp, type IpBlock, type SecurityEvent } from '@ridgeline/core/node';
import type { AppDeps } from '../deps.js';

/** Keeps `ip` (an address, a `network/prefix` range, or other text, already normalised) blocked, as of the app's clock ([security.ip-block]). */
export function blockAddress(deps: Pick<AppDeps, 'db' | 'now'>, ip: string, reason: string): IpBlock {
  return blockIp(deps.db, ip, reason, deps.now?.());
}

/** Unblocks `ip` ([security.ip-block]); false when it was not blocked. */
export function unblockAddress(deps: Pick<AppDeps, 'db'>, ip: string): boolean {
  return unblockIp(deps.db, ip);
}

/** Every blocked address or range `{ ip, reason, createdAt }` ([security.ip-block]). */
export function blockedAddresses(deps: Pick<AppDeps, 'db'>): IpBlock[] {
  return listIpBlocks(deps.db);
}

/** The newest `limit` security events, newest first ([security.console]). */
export function securityEvents(deps: Pick<AppDeps, 'db'>, limit: number): SecurityEvent[] {
  return listSecurityEvents(deps.db, limit);
}
