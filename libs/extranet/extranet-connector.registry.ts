import { type ExtranetCallObserver } from './extranet-call.observer';
import { type ExtranetConnector } from './extranet.port';
import { HttpExtranetConnector } from './http-extranet.connector';
import { type SyndicCredentials } from './syndic-credentials';

export interface ExtranetConnectorRegistryOptions {
  /** The built-in sandbox extranet that every test-mode order talks to. */
  sandboxBaseUrl: string;
  /** Extranet of live orders whose syndic has no dedicated connector and gave no address. */
  defaultBaseUrl: string;
  /** Budget of one extranet request. Default 15 s: well above the sandbox's slow scenario (3 s). */
  requestTimeoutMs?: number;
  /** Told about every request of the built-in connectors (metrics). */
  observer?: ExtranetCallObserver;
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
 * `register(...)` call at start-up; everything else speaks the generic HTTP protocol.
 */
export class ExtranetConnectorRegistry {
  private readonly registrations: ExtranetAdapterRegistration[] = [];
  private readonly sandbox: HttpExtranetConnector;
  private readonly fallback: HttpExtranetConnector;
  private readonly requestTimeoutMs: number;
  private readonly observer: ExtranetCallObserver | undefined;

  constructor(options: ExtranetConnectorRegistryOptions) {
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_EXTRANET_REQUEST_TIMEOUT_MS;
    this.observer = options.observer;
    this.sandbox = new HttpExtranetConnector({
      baseUrl: options.sandboxBaseUrl,
      requestTimeoutMs: this.requestTimeoutMs,
      observer: this.observer,
      name: 'sandbox',
    });
    this.fallback = new HttpExtranetConnector({
      baseUrl: options.defaultBaseUrl,
      requestTimeoutMs: this.requestTimeoutMs,
      observer: this.observer,
      name: 'default',
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

  connectorFor(target: ExtranetConnectorTarget): ExtranetConnector {
    // Test mode must never reach a real extranet, whatever syndic data the integrator typed.
    if (target.testMode) return this.sandbox;
    const name = normalise(target.syndic.name);
    const host = hostOf(target.syndic.url);
    const registered = this.registrations.find(
      (registration) =>
        registration.syndicNames?.includes(name) ||
        (host !== null && registration.hosts?.some((known) => host === known || host.endsWith(`.${known}`))),
    );
    if (registered) return registered.connector;
    if (target.syndic.url !== undefined && target.syndic.url.trim() !== '') {
      return new HttpExtranetConnector({
        baseUrl: target.syndic.url.trim(),
        requestTimeoutMs: this.requestTimeoutMs,
        observer: this.observer,
        name: 'syndic',
      });
    }
    return this.fallback;
  }
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
