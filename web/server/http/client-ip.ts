import { isIPv4, isIPv6 } from 'node:net';
import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';

/**
 * The client's IP as [security.client-ip] defines it: Express's `req.ip` under the configured
 * `trust proxy` hop count (with TRUST_PROXY=0 a forged X-Forwarded-For changes nothing),
 * normalised by `normalizeIp`.
 */
export function clientIp(req: Request): string {
  return normalizeIp(req.ip ?? req.socket.remoteAddress ?? '');
}

/**
 * One spelling per address, so blocks match however an address is written: IPv4-mapped IPv6
 * (`::ffff:1.2.3.4`, `::ffff:102:304`) becomes `1.2.3.4`; IPv6 is lower-cased and compressed
 * (RFC 5952) without brackets or zone. Text that is not an IP is only trimmed.
 */
export function normalizeIp(input: string): string {
  let ip = input.trim().toLowerCase();
  if (ip.startsWith('[') && ip.endsWith(']')) ip = ip.slice(1, -1);
  ip = ip.replace(/%.*$/, '');
  if (isIPv4(ip)) return ip;
  if (!isIPv6(ip)) return input.trim();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(ip);
  if (dotted && isIPv4(dotted[1] as string)) return dotted[1] as string;
  // WHATWG URL parsing writes IPv6 in RFC 5952's canonical form.
  const canonical = new URL(`http://[${ip}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (mapped) {
    const hi = parseInt(mapped[1] as string, 16);
    const lo = parseInt(mapped[2] as string, 16);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
  }
  return canonical;
}

/** The IPv6 prefix one client is assumed to hold (RFC 6177: a site gets at least a /64). */
export const IPV6_CLIENT_PREFIX = 64;

/**
 * The key a rate limiter counts `ip` under: IPv4 as is, IPv4-mapped IPv6 as its IPv4 address, and
 * IPv6 masked to its /64 (`2001:db8:1:2::/64`), because one subscriber is handed a whole /64 and
 * could otherwise step to a fresh address per request (express-rate-limit's `ipKeyGenerator`).
 * Text that is not an IP is returned normalised as is.
 */
export function rateLimitKey(ip: string): string {
  return ipKeyGenerator(normalizeIp(ip), IPV6_CLIENT_PREFIX);
}
