import type { Request } from 'express';

/**
 * The client's IP as DESIGN.md "Client IP" defines it: Express's `req.ip` under the configured
 * `trust proxy` hop count, with IPv4-mapped IPv6 (`::ffff:1.2.3.4`) written as plain IPv4.
 */
export function clientIp(req: Request): string {
  const ip = req.ip ?? req.socket.remoteAddress ?? '';
  return normalizeIp(ip);
}

/** `::ffff:1.2.3.4` → `1.2.3.4`; lower-cases IPv6; trims. */
export function normalizeIp(ip: string): string {
  const trimmed = ip.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(trimmed);
  return mapped ? (mapped[1] as string) : trimmed;
}
