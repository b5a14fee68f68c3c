import { DEFAULT_DNS_TIMEOUT_MS, DnsHostResolver, type HostResolver } from './dns-host-resolver';
import {
  OutboundAddressGuard,
  type OutboundAddressPolicy,
  type OutboundPurpose,
} from './outbound-address.guard';
import { OutboundHttpClient } from './outbound-http.client';
import { type ReservedEndpoint, ReservedEndpoints } from './reserved-endpoints';

export interface OutboundHttpClientSpec {
  purpose: OutboundPurpose;
  /** The one address policy of the service (`CALLBACK_ALLOW_PRIVATE`, `CALLBACK_ALLOWLIST`). */
  policy: OutboundAddressPolicy;
  /** Budget of one request: connection, headers and each pause in the body are bounded by it. */
  timeoutMs: number;
  /** Endpoints never reached whatever the policy (the sandbox extranet, for live orders). */
  reserved?: readonly ReservedEndpoint[];
  /** Name resolution; the system's name servers by default (tests give a hostile one). */
  resolver?: HostResolver;
}

/** Builds the outbound client of one purpose: every request on a client's behalf goes through one. */
export function createOutboundHttpClient(spec: OutboundHttpClientSpec): OutboundHttpClient {
  const resolver =
    spec.resolver ??
    new DnsHostResolver({ timeoutMs: Math.min(spec.timeoutMs, DEFAULT_DNS_TIMEOUT_MS) }).resolve;
  const guard = new OutboundAddressGuard(spec.policy, spec.purpose, resolver);
  return new OutboundHttpClient({
    guard,
    reserved: spec.reserved?.length ? new ReservedEndpoints(spec.reserved, resolver) : undefined,
    connectTimeoutMs: spec.timeoutMs,
    headersTimeoutMs: spec.timeoutMs,
    bodyTimeoutMs: spec.timeoutMs,
  });
}
