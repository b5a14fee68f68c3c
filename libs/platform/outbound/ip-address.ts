import ipaddr from 'ipaddr.js';

/** An IP address as ipaddr.js parses it. */
export type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/** A CIDR range such as `10.0.0.0/8` or `fc00::/7`. */
export interface IpRange {
  address: IpAddress;
  prefix: number;
}

/**
 * Parses an IPv4 dotted quad or an IPv6 address (brackets and zone id accepted); null for anything else,
 * host names included. IPv4 is four decimal parts only: the octal, hexadecimal and short forms that
 * ipaddr.js also reads are what URLs normalise away, and an allowlist written that way is a mistake.
 */
export function parseIpAddress(text: string): IpAddress | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return ipaddr.IPv4.parse(bare);
  if (!ipaddr.IPv6.isValid(bare)) return null;
  return ipaddr.IPv6.parse(withHexTail(bare));
}

/**
 * `::a.b.c.d` (IPv4-compatible, deprecated) is read by ipaddr.js as `::ffff:a.b.c.d` (IPv4-mapped), a
 * different address: the dotted quad is written as two hexadecimal groups first, as sockets read it.
 */
function withHexTail(text: string): string {
  const match = /^(.*:)(\d+)\.(\d+)\.(\d+)\.(\d+)(%.*)?$/.exec(text);
  if (!match) return text;
  const [a, b, c, d] = match.slice(2, 6).map(Number) as [number, number, number, number];
  const high = ((a << 8) | b).toString(16);
  const low = ((c << 8) | d).toString(16);
  return `${match[1]}${high}:${low}${match[6] ?? ''}`;
}

/** Parses `address/prefix` (a bare address is a single-address range); null when malformed. */
export function parseIpRange(text: string): IpRange | null {
  const [addressText, prefixText, ...rest] = text.trim().split('/');
  if (addressText === undefined || rest.length > 0) return null;
  const address = parseIpAddress(addressText);
  if (!address) return null;
  const maxPrefix = address.kind() === 'ipv4' ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: maxPrefix };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  return prefix <= maxPrefix ? { address, prefix } : null;
}

export function rangeContains(range: IpRange, address: IpAddress): boolean {
  if (range.address.kind() !== address.kind()) return false;
  return address.match(range.address, range.prefix);
}

/**
 * The IPv4 address held in bytes `offset..offset+3` of an IPv6 address: ipaddr.js only extracts it
 * from IPv4-mapped addresses (`::ffff:a.b.c.d`), not from NAT64 (`64:ff9b::/96`) or 6to4 (`2002::/16`).
 */
export function embeddedIpv4(address: ipaddr.IPv6, offset: number): ipaddr.IPv4 {
  return new ipaddr.IPv4(address.toByteArray().slice(offset, offset + 4));
}

/** The same address in one canonical form: IPv4-mapped IPv6 as IPv4, IPv6 without zone. */
export function canonicalAddress(address: IpAddress): string {
  if (address.kind() === 'ipv6') {
    const v6 = address as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
    return new ipaddr.IPv6(v6.parts).toNormalizedString();
  }
  return address.toString();
}
