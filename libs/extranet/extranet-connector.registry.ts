import { type HostResolver } from '@libs/platform/outbound/dns-host-resolver';
import { type OutboundAddressPolicy } from '@libs/platform/outbound/outbound-address.guard';
import { createOutboundHttpClient } from '@libs/platform/outbound/outbound-http-client.factory';
import { type OutboundHttpClient } from '@libs/platform/outbound/outbound-http.client';
import { type ExtranetCallObserver } from './extranet-call.observer';
import { ExtranetNoConnectorError } from './extranet-errors';
import { type ExtranetConnector } from './extranet.port';
import { HttpExtranetConnector } from './http-extranet.connector';
import { type SyndicCredentials } from './syndic-credentials';

export interface ExtranetConnectorRegistryOptions {
  /** The built-in sandbox extranet that every test-mode order talks to, and no live order ever. */
  sandboxBaseUrl: string;
  /** Where live orders' requests may go (the outbound address policy shared with callbacks). */
  policy: OutboundAddressPolicy;
  /** Budget of one extranet request. Default 15 s: well above the sandbox's slow scenario (3 s). */
  requestTimeoutMs?: number;
  /** Told about every request of the built-in connectors (metrics). */
  observer?: ExtranetCallObserver;
  /** Name resolution of live extranets; the system's by default (tests give a hostile one). */
  resolver?: HostResolver;
}

export const DEFAULT_EXTRANET_REQUEST_TIMEOUT_MS = 15_000;

/** A connector dedicated to one syndic's extranet, and how to recognise the orders it serves. */
export interface ExtranetAdapterRegistration {
  /** Syndic names as clients write them in `syndic.name`; compared case-insensitively. */
  syndicNames?: readonly string[];
  /** Hosts of the extranet; `syndic.url` on that host or one of its subdomains matches. */
  hosts?: readonly string[];
  connector: ExtranetConnector;
}

export interface ExtranetConnectorTarget {
  syndic: SyndicCredentials;
  testMode: boolean;
}

/**
 * Picks the connector of an order. A syndic with its own extranet protocol gets one adapter file and one
 * `register(...)` call at start-up; a live order without one speaks the generic HTTP protocol to its
 * `syndic.url`. There is no default extranet: a live order with neither is refused
 * (`ExtranetNoConnectorError`), and its collection waits for an operator. Test mode always gets the
 * sandbox; live orders' requests can never reach it (the sandbox is a reserved endpoint of their client).
 */
export class ExtranetConnectorRegistry {
  private readonly registrations: ExtranetAdapterRegistration[] = [];
  private readonly sandbox: HttpExtranetConnector;
  private readonly sandboxClient: OutboundHttpClient;
  private readonly liveClient: OutboundHttpClient;
  private readonly requestTimeoutMs: number;
  private readonly observer: ExtranetCallObserver | undefined;

  constructor(options: ExtranetConnectorRegistryOptions) {
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_EXTRANET_REQUEST_TIMEOUT_MS;
    this.observer = options.observer;
    // The sandbox's address is configuration, not client input: it may be a private one (a container).
    this.sandboxClient = createOutboundHttpClient({
      purpose: 'extranet',
      policy: { allowPrivate: true },
      timeoutMs: this.requestTimeoutMs,
    });
    this.liveClient = createOutboundHttpClient({
      purpose: 'extranet',
      policy: options.policy,
      timeoutMs: this.requestTimeoutMs,
      reserved: [{ url: options.sandboxBaseUrl, label: 'the sandbox extranet' }],
      resolver: options.resolver,
    });
    this.sandbox = new HttpExtranetConnector({
      baseUrl: options.sandboxBaseUrl,
      client: this.sandboxClient,
      requestTimeoutMs: this.requestTimeoutMs,
      observer: this.observer,
      name: 'sandbox',
    });
  }

  register(registration: ExtranetAdapterRegistration): this {
    this.registrations.push({
      syndicNames: (registration.syndicNames ?? []).map(normalise),
      hosts: (registration.hosts ?? []).map(normalise),
      connector: registration.connector,
    });
    return this;
  }

  /** The order's connector; `ExtranetNoConnectorError` for a live order no connector serves. */
  connectorFor(target: ExtranetConnectorTarget): ExtranetConnector {
    // Test mode must never reach a real extranet, whatever syndic data the integrator typed.
    if (target.testMode) return this.sandbox;
    const registered = this.registrationFor(target.syndic);
    if (registered) return registered.connector;
    if (hasUrl(target.syndic)) {
      return new HttpExtranetConnector({
        baseUrl: target.syndic.url!.trim(),
        client: this.liveClient,
        requestTimeoutMs: this.requestTimeoutMs,
        observer: this.observer,
        name: 'syndic',
      });
    }
    throw new ExtranetNoConnectorError();
  }

  /**
   * Whether a connector serves the order, without its password nor any request: the routing of live
   * orders between automatic and assisted fulfilment (libs/fulfilment).
   */
  serves(target: { syndic: Pick<SyndicCredentials, 'name' | 'url'>; testMode: boolean }): boolean {
    return target.testMode || this.registrationFor(target.syndic) !== undefined || hasUrl(target.syndic);
  }

  private registrationFor(
    syndic: Pick<SyndicCredentials, 'name' | 'url'>,
  ): ExtranetAdapterRegistration | undefined {
    const name = normalise(syndic.name);
    const host = hostOf(syndic.url);
    return this.registrations.find(
      (registration) =>
        registration.syndicNames?.includes(name) ||
        (host !== null && registration.hosts?.some((known) => host === known || host.endsWith(`.${known}`))),
    );
  }

  /** Closes the kept-alive connections (process shutdown). */
  async close(): Promise<void> {
    await Promise.all([this.sandboxClient.close(), this.liveClient.close()]);
  }
}

function hasUrl(syndic: Pick<SyndicCredentials, 'url'>): boolean {
  return syndic.url !== undefined && syndic.url.trim() !== '';
}

function normalise(value: string): string {
  return value.trim().toLowerCase();
}

function hostOf(url: string | undefined): string | null {
  if (url === undefined) return null;
  try {
    return normalise(new URL(url.trim()).hostname);
  } catch {
    return null;
  }
}
