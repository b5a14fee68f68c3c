import { type IpAddress, canonicalAddress, parseIpAddress } from './ip-address';
import { type HostResolver, systemHostResolver } from './dns-host-resolver';

/** One of the service's own endpoints, named for refusals (`the sandbox extranet`). */
export interface ReservedEndpoint {
  url: string;
  label: string;
}

/**
 * Endpoints of the service itself that requests on a client's behalf must never reach, whatever the
 * address policy allows: the sandbox extranet for live orders, so that a live order's credentials never
 * end up there (not by a `syndic.url` naming it, nor by another name or address of the same host). Judged
 * on the address and port a connection actually opened to.
 */
export class ReservedEndpoints {
  private readonly endpoints: { host: string; port: number; label: string }[];

  constructor(
    endpoints: readonly ReservedEndpoint[],
    private readonly resolve: HostResolver = systemHostResolver,
  ) {
    this.endpoints = endpoints.map(({ url, label }) => {
      const parsed = new URL(url);
      const port = parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port);
      return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port, label };
    });
  }

  /** The label of the reserved endpoint `address:port` is, or null. */
  async reservationOf(address: string, port: number): Promise<string | null> {
    const connected = parseIpAddress(address);
    if (!connected) return null;
    for (const endpoint of this.endpoints) {
      if (endpoint.port !== port) continue;
      const addresses = parseIpAddress(endpoint.host)
        ? [endpoint.host]
        : (await this.resolve(endpoint.host, 0)).map((resolved) => resolved.address);
      for (const reservedText of addresses) {
        const reserved = parseIpAddress(reservedText);
        if (reserved && sameHost(reserved, connected)) return endpoint.label;
      }
    }
    return null;
  }
}

/** Two addresses of one host: equal, or both loopback (a loopback server is reached on any of them). */
function sameHost(a: IpAddress, b: IpAddress): boolean {
  if (isLoopback(a) && isLoopback(b)) return true;
  return canonicalAddress(a) === canonicalAddress(b);
}

function isLoopback(address: IpAddress): boolean {
  return parseIpAddress(canonicalAddress(address))!.range() === 'loopback';
}
