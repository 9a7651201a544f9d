import { BlockList, isIP } from 'node:net';
import { Address4, Address6 } from 'ip-address';
import { normalizeIp } from '../http/client-ip.js';

/** A block entry that looks like a CIDR range but is not one (e.g. `10.0.0.0/33`). */
export class InvalidIpRangeError extends Error {
  constructor(readonly input: string) {
    super('must be an IP address or a CIDR range such as 203.0.113.0/24 or 2001:db8::/48');
    this.name = 'InvalidIpRangeError';
  }
}

/** "address/prefix" whose address part is made of address characters only (RFC 4632 §3.1, RFC 4291 §2.3). */
const RANGE_LIKE = /^\[?([0-9a-f.:]*[.:][0-9a-f.:]*)\]?\/(.*)$/i;

/** A stored entry read as what it blocks. */
type Entry = { kind: 'text'; text: string } | { kind: 'range'; text: string; network: string; prefix: number; family: 'ipv4' | 'ipv6' };

/**
 * Reads `input` (already trimmed) as a block entry ([security.ip-block]):
 * - an address → `normalizeIp` (IPv4-mapped IPv6 as IPv4, IPv6 compressed per RFC 5952);
 * - a CIDR range → its network address and prefix (`203.0.113.7/24` → `203.0.113.0/24`,
 *   `2001:DB8:1::5/48` → `2001:db8:1::/48`); a range of one address (/32, /128) → that address;
 *   an IPv4-mapped IPv6 range of /96 or longer → the IPv4 range it maps (`::ffff:10.0.0.0/104` →
 *   `10.0.0.0/8`), so one range has one spelling;
 * - any other text → itself ([security.ip-block]: no format check).
 * @throws InvalidIpRangeError when the text is an address followed by `/` but not a valid range
 *   (prefix over 32 for IPv4 or 128 for IPv6, not a number, or a malformed address)
 */
export function normalizeBlockEntry(input: string): string {
  const entry = parseEntry(input);
  if (!entry) throw new InvalidIpRangeError(input);
  return entry.text;
}

function parseEntry(input: string): Entry | undefined {
  const trimmed = input.trim();
  const range = RANGE_LIKE.exec(trimmed);
  if (!range) return { kind: 'text', text: normalizeIp(trimmed) };
  const [, address = '', prefixText = ''] = range;
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  try {
    if (isIP(address) === 4) return rangeEntry(new Address4(`${address}/${prefix}`).startAddress().correctForm(), prefix, 'ipv4');
    const v6 = new Address6(`${address}/${prefix}`);
    if (v6.isMapped4() && prefix >= 96) {
      return rangeEntry(new Address4(`${v6.to4().correctForm()}/${prefix - 96}`).startAddress().correctForm(), prefix - 96, 'ipv4');
    }
    return rangeEntry(v6.startAddress().correctForm(), prefix, 'ipv6');
  } catch {
    // ip-address throws AddressError for a prefix out of range or a malformed address.
    return undefined;
  }
}

function rangeEntry(network: string, prefix: number, family: 'ipv4' | 'ipv6'): Entry {
  const whole = family === 'ipv4' ? 32 : 128;
  if (prefix === whole) return { kind: 'text', text: network };
  return { kind: 'range', text: `${network}/${prefix}`, network, prefix, family };
}

/**
 * The blocked addresses and ranges, mirrored from SQLite for the per-request check: an exact
 * `Set` lookup for addresses (and the plain text [security.ip-block] allows), and Node's `net.BlockList` for
 * CIDR ranges, which matches IPv4, IPv6 and IPv4-mapped IPv6 clients. Entries are stored texts
 * as `normalizeBlockEntry` writes them; a stored text that no longer parses as a range is kept
 * as plain text rather than lost.
 */
export class IpBlocklist {
  readonly #entries = new Map<string, Entry>();
  readonly #exact = new Set<string>();
  #ranges = new BlockList();
  #rangeCount = 0;

  constructor(entries: Iterable<string> = []) {
    for (const text of entries) this.add(text);
  }

  /** How many entries (addresses, ranges and texts) are blocked. */
  get size(): number {
    return this.#entries.size;
  }

  /** Adds a stored entry (normalised by `normalizeBlockEntry`). */
  add(text: string): void {
    if (this.#entries.has(text)) return;
    const entry = parseEntry(text) ?? { kind: 'text', text };
    this.#entries.set(text, entry);
    if (entry.kind === 'text') this.#exact.add(text);
    else this.#addRange(entry);
  }

  /** Removes a stored entry; false when it was not there. */
  delete(text: string): boolean {
    const entry = this.#entries.get(text);
    if (!entry) return false;
    this.#entries.delete(text);
    if (entry.kind === 'text') {
      this.#exact.delete(text);
    } else {
      // net.BlockList cannot remove a rule: rebuild it from the ranges left.
      this.#ranges = new BlockList();
      this.#rangeCount = 0;
      for (const e of this.#entries.values()) if (e.kind === 'range') this.#addRange(e);
    }
    return true;
  }

  /** Whether the client address `ip` (as `clientIp` gives it) is blocked by any entry. */
  has(ip: string): boolean {
    if (this.#exact.has(ip)) return true;
    if (this.#rangeCount === 0) return false;
    const family = isIP(ip);
    return family !== 0 && this.#ranges.check(ip, family === 4 ? 'ipv4' : 'ipv6');
  }

  #addRange(entry: Extract<Entry, { kind: 'range' }>): void {
    this.#ranges.addSubnet(entry.network, entry.prefix, entry.family);
    this.#rangeCount += 1;
  }
}
