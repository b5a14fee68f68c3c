import { isIPv4, isIPv6 } from 'node:net';

/** An IP address as its raw bytes: 4 for IPv4, 16 for IPv6. */
export interface IpAddress {
  version: 4 | 6;
  bytes: Uint8Array;
}

/** A CIDR range such as `10.0.0.0/8` or `fc00::/7`. */
export interface IpRange {
  version: 4 | 6;
  bytes: Uint8Array;
  prefix: number;
}

/**
 * Parses an IPv4 dotted quad or an IPv6 address (brackets and zone id accepted); null for anything else,
 * host names included.
 */
export function parseIpAddress(text: string): IpAddress | null {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (isIPv4(bare)) return { version: 4, bytes: Uint8Array.from(bare.split('.').map(Number)) };
  const withoutZone = bare.split('%')[0] ?? '';
  if (!isIPv6(withoutZone)) return null;
  return { version: 6, bytes: ipv6Bytes(withoutZone) };
}

/** Parses `address/prefix` (a bare address is a single-address range); null when malformed. */
export function parseIpRange(text: string): IpRange | null {
  const [addressText, prefixText, ...rest] = text.trim().split('/');
  if (addressText === undefined || rest.length > 0) return null;
  const address = parseIpAddress(addressText);
  if (!address) return null;
  const maxPrefix = address.bytes.length * 8;
  if (prefixText === undefined) return { ...address, prefix: maxPrefix };
  if (!/^\d{1,3}$/.test(prefixText)) return null;
  const prefix = Number(prefixText);
  return prefix <= maxPrefix ? { ...address, prefix } : null;
}

export function rangeContains(range: IpRange, address: IpAddress): boolean {
  if (range.version !== address.version) return false;
  const fullBytes = Math.floor(range.prefix / 8);
  for (let i = 0; i < fullBytes; i++) if (range.bytes[i] !== address.bytes[i]) return false;
  const remainingBits = range.prefix % 8;
  if (remainingBits === 0) return true;
  const mask = (0xff << (8 - remainingBits)) & 0xff;
  return ((range.bytes[fullBytes] ?? 0) & mask) === ((address.bytes[fullBytes] ?? 0) & mask);
}

/** The IPv4 address embedded in bytes `offset..offset+3` of an IPv6 address. */
export function embeddedIpv4(address: IpAddress, offset: number): IpAddress {
  return { version: 4, bytes: address.bytes.slice(offset, offset + 4) };
}

export function formatIpv4(address: IpAddress): string {
  return Array.from(address.bytes).join('.');
}

/** Expands a valid (already checked) IPv6 text into its 16 bytes. */
function ipv6Bytes(text: string): Uint8Array {
  // A trailing dotted quad (::ffff:1.2.3.4) is rewritten as its two hexadecimal groups first.
  const lastColon = text.lastIndexOf(':');
  const last = text.slice(lastColon + 1);
  let hexText = text;
  if (last.includes('.')) {
    const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
    hexText = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const toGroups = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const doubleColon = hexText.indexOf('::');
  let groups: number[];
  if (doubleColon >= 0) {
    const head = toGroups(hexText.slice(0, doubleColon));
    const tail = toGroups(hexText.slice(doubleColon + 2));
    groups = [...head, ...new Array<number>(8 - head.length - tail.length).fill(0), ...tail];
  } else {
    groups = toGroups(hexText);
  }
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    bytes[i * 2] = group >> 8;
    bytes[i * 2 + 1] = group & 0xff;
  });
  return bytes;
}
