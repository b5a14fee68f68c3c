import { ServiceError } from '@libs/platform/domain-error';
import { type LookupFunction } from 'node:net';
import type ipaddr from 'ipaddr.js';
import {
  type IpAddress,
  type IpRange,
  embeddedIpv4,
  parseIpAddress,
  parseIpRange,
  rangeContains,
} from './ip-address';
import { type HostResolver, systemHostResolver } from './dns-host-resolver';

/**
 * Where the service may send requests on a client's behalf (callbacks and extranets alike): one policy,
 * from `CALLBACK_ALLOW_PRIVATE` and `CALLBACK_ALLOWLIST`.
 */
export interface OutboundAddressPolicy {
  /** True opens every address (development, tests); false refuses the ranges below (production). */
  allowPrivate: boolean;
  /** CIDR ranges allowed even when `allowPrivate` is false, e.g. `127.0.0.0/8` for a local receiver. */
  allowlist?: readonly string[];
}

/** What the requests are for; it names the address in refusals (`extranet address 10.0.0.1 …`). */
export type OutboundPurpose = 'callback' | 'extranet';

/** A URL or the address it resolves to may not be called. Message in English, for logs and operators. */
export class OutboundAddressRefusedError extends ServiceError {
  override readonly name = 'OutboundAddressRefusedError';
  readonly code = 'outbound_address_refused';
}

/** The allowlist setting holds something that is not a CIDR range: raised at start-up. */
export class OutboundAllowlistError extends ServiceError {
  override readonly name = 'OutboundAllowlistError';
  readonly code = 'invalid_configuration';
}

interface ForbiddenRange {
  range: IpRange;
  label: string;
  /** Offset of an IPv4 address embedded in the IPv6 one: that address is judged instead. */
  embedsIpv4At?: number;
}

const range = (cidr: string): IpRange => parseIpRange(cidr) as IpRange;

// First match wins: the specific ranges come before those containing them.
const FORBIDDEN_IPV4: readonly ForbiddenRange[] = [
  { range: range('169.254.169.254/32'), label: 'cloud metadata' },
  { range: range('255.255.255.255/32'), label: 'broadcast' },
  { range: range('0.0.0.0/8'), label: 'unspecified' },
  { range: range('10.0.0.0/8'), label: 'private' },
  { range: range('100.64.0.0/10'), label: 'carrier-grade NAT' },
  { range: range('127.0.0.0/8'), label: 'loopback' },
  { range: range('169.254.0.0/16'), label: 'link-local' },
  { range: range('172.16.0.0/12'), label: 'private' },
  { range: range('192.0.0.0/24'), label: 'reserved' },
  { range: range('192.0.2.0/24'), label: 'documentation' },
  { range: range('192.168.0.0/16'), label: 'private' },
  { range: range('198.18.0.0/15'), label: 'benchmarking' },
  { range: range('198.51.100.0/24'), label: 'documentation' },
  { range: range('203.0.113.0/24'), label: 'documentation' },
  { range: range('224.0.0.0/4'), label: 'multicast' },
  { range: range('240.0.0.0/4'), label: 'reserved' },
];

const FORBIDDEN_IPV6: readonly ForbiddenRange[] = [
  { range: range('::/128'), label: 'unspecified' },
  { range: range('::1/128'), label: 'loopback' },
  { range: range('::ffff:0:0/96'), label: 'IPv4-mapped', embedsIpv4At: 12 },
  { range: range('::ffff:0:0:0/96'), label: 'IPv4-translated', embedsIpv4At: 12 },
  { range: range('64:ff9b::/96'), label: 'NAT64', embedsIpv4At: 12 },
  { range: range('2002::/16'), label: '6to4', embedsIpv4At: 2 },
  { range: range('::/96'), label: 'IPv4-compatible (deprecated)' },
  { range: range('64:ff9b:1::/48'), label: 'private NAT64' },
  { range: range('100::/64'), label: 'discard' },
  { range: range('2001::/32'), label: 'Teredo tunnel' },
  { range: range('2001:db8::/32'), label: 'documentation' },
  { range: range('fd00:ec2::254/128'), label: 'cloud metadata' },
  { range: range('fc00::/7'), label: 'unique local (private)' },
  { range: range('fe80::/10'), label: 'link-local' },
  { range: range('fec0::/10'), label: 'site-local' },
  { range: range('ff00::/8'), label: 'multicast' },
];

/**
 * The SSRF guard of every request made on a client's behalf (docs/contract.md §6). The check is made on
 * the address actually connected to: `lookup` is handed to the socket, so the address checked is the
 * one it opens, and a DNS answer that changes between a check and the connection (rebinding) cannot
 * slip by. IP literals never go through a lookup: `assertUrl` checks them before connecting.
 */
export class OutboundAddressGuard {
  private readonly allowlist: readonly IpRange[];

  constructor(
    private readonly policy: OutboundAddressPolicy,
    private readonly purpose: OutboundPurpose,
    private readonly resolve: HostResolver = systemHostResolver,
  ) {
    this.allowlist = (policy.allowlist ?? []).map((cidr) => {
      const parsed = parseIpRange(cidr);
      if (!parsed) throw new OutboundAllowlistError(`invalid CIDR range in the allowlist: '${cidr}'`);
      return parsed;
    });
  }

  /** The URL, parsed; refused unless it is an absolute http(s) URL. */
  parseUrl(raw: string): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new OutboundAddressRefusedError(`${this.purpose} URL is not a valid absolute URL`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new OutboundAddressRefusedError(
        `${this.purpose} URL scheme ${url.protocol} is not allowed (http or https only)`,
      );
    }
    return url;
  }

  /** Throws `OutboundAddressRefusedError` when the URL's host is an IP literal that may not be called. */
  assertUrl(url: URL): void {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (parseIpAddress(host)) this.assertAddress(host);
  }

  /** Why `address` (an IP literal) may not be called, or null when it may. */
  refusalReason(address: string): string | null {
    const parsed = parseIpAddress(address);
    if (!parsed) return 'not an IP address';
    if (this.policy.allowPrivate || this.isAllowlisted(parsed)) return null;
    return forbiddenLabel(parsed, (embedded) => this.isAllowlisted(embedded));
  }

  /** Throws `OutboundAddressRefusedError` unless `address` (an IP literal) may be called. */
  assertAddress(address: string): void {
    const reason = this.refusalReason(address);
    if (reason !== null) {
      throw new OutboundAddressRefusedError(`${this.purpose} address ${address} is not allowed (${reason})`);
    }
  }

  /**
   * A `lookup` for `net.connect` / `tls.connect`: resolves the host and fails the connection when any
   * of its addresses is refused, so a name pointing at both a public and a private address is refused too.
   */
  readonly lookup: LookupFunction = (hostname, options, callback) => {
    const family =
      options.family === 4 || options.family === 'IPv4'
        ? 4
        : options.family === 6 || options.family === 'IPv6'
          ? 6
          : 0;
    this.resolve(hostname, family).then(
      (addresses) => {
        try {
          if (addresses.length === 0)
            throw new OutboundAddressRefusedError(`${this.purpose} host ${hostname} has no address`);
          for (const { address } of addresses) this.assertAddressOfHost(hostname, address);
        } catch (error) {
          callback(error as NodeJS.ErrnoException, '', undefined);
          return;
        }
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', undefined),
    );
  };

  private assertAddressOfHost(hostname: string, address: string): void {
    const reason = this.refusalReason(address);
    if (reason !== null) {
      throw new OutboundAddressRefusedError(
        `${this.purpose} address ${address} is not allowed (${reason}; resolved from ${hostname})`,
      );
    }
  }

  private isAllowlisted(address: IpAddress): boolean {
    return this.allowlist.some((allowed) => rangeContains(allowed, address));
  }
}

/** The label of the forbidden range `address` falls in, or null when it is a public address. */
function forbiddenLabel(address: IpAddress, allowlisted: (embedded: IpAddress) => boolean): string | null {
  const ranges = address.kind() === 'ipv4' ? FORBIDDEN_IPV4 : FORBIDDEN_IPV6;
  const hit = ranges.find((forbidden) => rangeContains(forbidden.range, address));
  if (!hit) return null;
  if (hit.embedsIpv4At === undefined) return hit.label;
  // An IPv6 form of an IPv4 address is judged as that IPv4 address.
  const embedded = embeddedIpv4(address as ipaddr.IPv6, hit.embedsIpv4At);
  if (allowlisted(embedded)) return null;
  const inner = forbiddenLabel(embedded, allowlisted);
  return inner === null ? null : `${inner}, ${hit.label}`;
}
