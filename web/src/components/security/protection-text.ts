/**
 * Texts of the security console that depend on the server's values, kept apart from the
 * components so they can be tested alone.
 */
import type { SecurityStatus } from './security-queries';

/**
 * The Rate Limiting card's detail, from the status the server reports ([security.status]): the limit in
 * force, or an honest "off" when RATE_LIMIT_MAX=0 turned it off.
 */
export function rateLimitDetail(status: Pick<SecurityStatus, 'rateLimitingEnabled' | 'rateLimit'>): string {
  if (!status.rateLimitingEnabled) return 'Off: RATE_LIMIT_MAX is 0, so API requests are not limited per address.';
  if (!status.rateLimit) return 'Requests per IP address on the API are limited.';
  return `${status.rateLimit.max.toLocaleString('en-US')} requests per ${status.rateLimit.windowMinutes} minutes per IP address on the API (IPv6: per /64).`;
}

/**
 * What a blocked entry covers, for the blocked list: "256 addresses" for `203.0.113.0/24`, "IPv6
 * range /48" for `2001:db8::/48`; undefined for a single address or plain text (the entry says
 * it all). Entries are as the server stores them (network/prefix).
 */
export function blockRangeNote(entry: string): string | undefined {
  const match = /^([0-9a-f.:]+)\/(\d{1,3})$/i.exec(entry);
  if (!match) return undefined;
  const prefix = Number(match[2]);
  if (match[1]?.includes(':')) return `IPv6 range /${prefix}`;
  const count = 2 ** (32 - prefix);
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'address' : 'addresses'}`;
}
