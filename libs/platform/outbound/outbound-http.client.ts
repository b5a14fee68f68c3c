import { type Socket } from 'node:net';
import { Agent, Client, type Dispatcher, buildConnector } from 'undici';
import { parseIpAddress } from './ip-address';
import { type OutboundAddressGuard, OutboundAddressRefusedError } from './outbound-address.guard';
import { type ReservedEndpoints } from './reserved-endpoints';

export interface OutboundHttpClientOptions {
  /** The address policy every connection goes through. */
  guard: OutboundAddressGuard;
  /** Endpoints never reached whatever the policy (the sandbox extranet, for live orders). */
  reserved?: ReservedEndpoints;
  /** TCP (and TLS) connection establishment. */
  connectTimeoutMs: number;
  /** Backstops of one request: from sending it to the response headers, and between body chunks. */
  headersTimeoutMs: number;
  bodyTimeoutMs: number;
  /** Idle kept-alive connections are closed after this long. Default 4 s. */
  keepAliveTimeoutMs?: number;
  /** Connections opened to one origin at most. Default 50. */
  connectionsPerOrigin?: number;
}

export interface OutboundRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Aborts the request, its response body included. */
  signal?: AbortSignal;
  /** On a connection of its own, closed after it, rather than on a kept-alive one. */
  newConnection?: boolean;
}

export type OutboundResponse = Dispatcher.ResponseData;

/**
 * Idle pooled connections are closed after this long: shorter than the usual server keep-alive
 * timeouts (Node 5 s, nginx 75 s), so we rarely send on a connection the receiver is closing.
 */
const DEFAULT_KEEP_ALIVE_MS = 4_000;

/**
 * The one HTTP client of requests made on a client's behalf (webhooks, extranets): undici, with every
 * connection checked by the address guard at connect time (the resolved address actually connected to,
 * IP literals included), the reserved endpoints refused, kept-alive connections reused per origin, and
 * redirects never followed (undici's `request` does not follow them).
 */
export class OutboundHttpClient {
  private readonly agent: Agent;
  private readonly connect: buildConnector.connector;

  constructor(private readonly options: OutboundHttpClientOptions) {
    const { guard, reserved } = options;
    const base = buildConnector({ timeout: options.connectTimeoutMs, lookup: guard.lookup });
    this.connect = (target, callback) => {
      // Sockets connect to an IP literal without calling `lookup`: the guard must see it here.
      const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
      if (parseIpAddress(host)) {
        try {
          guard.assertAddress(host);
        } catch (error) {
          callback(error as Error, null);
          return;
        }
      }
      base(target, (...args) => {
        const [error, socket] = args;
        if (error !== null || !reserved) {
          callback(...args);
          return;
        }
        refuseReserved(reserved, socket).then(
          () => callback(null, socket),
          (refusal: Error) => {
            socket.destroy();
            callback(refusal, null);
          },
        );
      });
    };
    this.agent = new Agent({
      connect: this.connect,
      keepAliveTimeout: options.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_MS,
      keepAliveMaxTimeout: options.keepAliveTimeoutMs ?? DEFAULT_KEEP_ALIVE_MS,
      connections: options.connectionsPerOrigin ?? 50,
      headersTimeout: options.headersTimeoutMs,
      bodyTimeout: options.bodyTimeoutMs,
    });
  }

  /** The URL, parsed; `OutboundAddressRefusedError` unless it is http(s) and not a refused IP literal. */
  parseUrl(raw: string): URL {
    const url = this.options.guard.parseUrl(raw);
    this.options.guard.assertUrl(url);
    return url;
  }

  /**
   * Sends one request; rejects with `OutboundAddressRefusedError` when the destination is refused (before
   * any byte is sent), otherwise with the transport's error. Any status is an answer: the caller reads it.
   */
  async request(url: URL, request: OutboundRequest): Promise<OutboundResponse> {
    this.parseUrl(url.href);
    const options: Dispatcher.RequestOptions = {
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: request.signal,
    };
    const response = this.dispatch(url, options, request.newConnection ?? false);
    return request.signal ? settledByAbort(response, request.signal) : response;
  }

  private dispatch(
    url: URL,
    options: Dispatcher.RequestOptions,
    newConnection: boolean,
  ): Promise<OutboundResponse> {
    if (!newConnection) return this.agent.request(options);
    const client = new Client(url.origin, {
      connect: this.connect,
      headersTimeout: this.options.headersTimeoutMs,
      bodyTimeout: this.options.bodyTimeoutMs,
    });
    const response = client.request(options);
    // Closes once this request is over (its body read or dropped): the connection is never reused.
    void client.close().catch(() => undefined);
    return response;
  }

  /** Closes the kept-alive connections (process shutdown). */
  async close(): Promise<void> {
    await this.agent.destroy();
  }
}

/**
 * Drops what is left of a response body: its connection is closed rather than reused. undici reports
 * an unread body destroyed this way as an abort, which nobody needs to hear about.
 */
export function dropResponseBody(response: OutboundResponse): void {
  if (response.body.destroyed) return;
  response.body.on('error', () => undefined);
  response.body.destroy();
}

/**
 * The request, rejected with the signal's reason as soon as it aborts. undici holds an abort until the
 * connection is open, so a name that does not resolve or a handshake that stalls ran on to the connect
 * timeout, which its coarse timers fire up to a second late; undici still ends the request (nothing is
 * sent once the connection opens), and a response that comes anyway is dropped.
 */
function settledByAbort(response: Promise<OutboundResponse>, signal: AbortSignal): Promise<OutboundResponse> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    response.then(
      (answered) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) dropResponseBody(answered);
        else resolve(answered);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

async function refuseReserved(reserved: ReservedEndpoints, socket: Socket): Promise<void> {
  const { remoteAddress, remotePort } = socket;
  if (remoteAddress === undefined || remotePort === undefined) return;
  const label = await reserved.reservationOf(remoteAddress, remotePort);
  if (label !== null) {
    throw new OutboundAddressRefusedError(`${remoteAddress}:${remotePort} is ${label}: never called here`);
  }
}
