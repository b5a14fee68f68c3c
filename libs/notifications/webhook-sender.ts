import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { type CallbackAddressGuard, CallbackAddressRefusedError } from './callback-address.guard';

export interface WebhookSenderOptions {
  /** Time allowed from the start of the attempt to the response status (contract: 15 s). */
  timeoutMs: number;
}

/** The receiver answered (any status, redirects included: they are never followed). */
export interface WebhookResponse {
  kind: 'response';
  status: number;
  /** From the start of the attempt to the response headers. */
  latencyMs: number;
  /** The first 1 KiB of the response body, as text, for the delivery log. */
  excerpt: string;
  retryAfter: string | null;
  location: string | null;
}

/** Nothing usable came back: the address was refused, the connection failed, or time ran out. */
export interface WebhookTransportFailure {
  kind: 'failure';
  reason: 'refused' | 'timeout' | 'network';
  error: string;
  latencyMs: number;
}

export type WebhookSendResult = WebhookResponse | WebhookTransportFailure;

export const USER_AGENT = 'pre-statement-service-webhooks/1';
export const RESPONSE_EXCERPT_BYTES = 1024;

/**
 * Idle pooled connections are closed after this long: shorter than the usual server keep-alive
 * timeouts (Node 5 s, nginx 75 s), so we rarely send on a connection the receiver is closing.
 */
const IDLE_CONNECTION_MS = 4_000;

/** Errors that mean a pooled connection was closed by the receiver before it read the request. */
const STALE_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE']);

/**
 * POSTs one signed notification body to a callback URL through the SSRF guard. Connections are kept
 * alive and reused per host (a TLS handshake per delivery costs more than the delivery): the guard
 * checks the address each connection opens to, so a reused one was checked when it opened.
 */
export class WebhookSender {
  private readonly agents: { http: http.Agent; https: https.Agent };

  constructor(
    private readonly guard: CallbackAddressGuard,
    private readonly options: WebhookSenderOptions,
  ) {
    const pool = { keepAlive: true, timeout: IDLE_CONNECTION_MS, maxSockets: 50, maxFreeSockets: 10 };
    this.agents = { http: new http.Agent(pool), https: new https.Agent(pool) };
  }

  async send(
    rawUrl: string,
    body: string,
    signatureHeaders: Record<string, string>,
  ): Promise<WebhookSendResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let url: URL;
    try {
      url = this.guard.parseUrl(rawUrl);
      // Node connects to an IP literal without calling `lookup`: the guard must see it here.
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(host)) this.guard.assertAddress(host);
    } catch (error) {
      return { kind: 'failure', reason: 'refused', error: describe(error), latencyMs: elapsed() };
    }
    const payload = Buffer.from(body, 'utf8');
    const deadline = Date.now() + this.options.timeoutMs;
    const first = await this.post(url, payload, signatureHeaders, deadline, elapsed, 'pooled');
    if (first !== 'stale-connection') return first;
    // The receiver closed a kept-alive connection as we reused it, before reading the request: sent
    // again, once, on a new connection (never stale).
    const second = await this.post(url, payload, signatureHeaders, deadline, elapsed, 'new');
    return second === 'stale-connection'
      ? {
          kind: 'failure',
          reason: 'network',
          error: 'connection closed by the receiver',
          latencyMs: elapsed(),
        }
      : second;
  }

  /** Closes the pooled connections (process shutdown). */
  close(): void {
    this.agents.http.destroy();
    this.agents.https.destroy();
  }

  private post(
    url: URL,
    payload: Buffer,
    signatureHeaders: Record<string, string>,
    deadline: number,
    elapsed: () => number,
    connection: 'pooled' | 'new',
  ): Promise<WebhookSendResult | 'stale-connection'> {
    const secure = url.protocol === 'https:';
    const transport = secure ? https : http;
    const agent = connection === 'new' ? false : secure ? this.agents.https : this.agents.http;

    return new Promise<WebhookSendResult | 'stale-connection'>((resolve) => {
      let settled = false;
      let response: IncomingMessage | null = null;
      let readResponse: (() => WebhookResponse) | null = null;
      /** `reusable`: the whole answer was read, so the connection can serve the next delivery. */
      const finish = (result: WebhookSendResult | 'stale-connection', reusable = false) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (!reusable) {
          response?.destroy();
          request.destroy();
        }
        resolve(result);
      };

      const request = transport.request(url, {
        method: 'POST',
        agent,
        lookup: this.guard.lookup,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(payload.length),
          'User-Agent': USER_AGENT,
          ...signatureHeaders,
        },
      });

      const timer = setTimeout(
        () => {
          // The status came in time: a slow body does not turn an answer into a timeout.
          if (readResponse) finish(readResponse());
          else {
            finish({
              kind: 'failure',
              reason: 'timeout',
              error: `no response within ${this.options.timeoutMs} ms`,
              latencyMs: elapsed(),
            });
          }
        },
        Math.max(deadline - Date.now(), 0),
      );

      request.on('response', (res) => {
        response = res;
        const latencyMs = elapsed();
        const chunks: Buffer[] = [];
        let received = 0;
        readResponse = () => ({
          kind: 'response',
          status: res.statusCode ?? 0,
          latencyMs,
          excerpt: excerptOf(chunks),
          retryAfter: singleHeader(res, 'retry-after'),
          location: singleHeader(res, 'location'),
        });
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
          // Enough for the log: the rest is not read, so this connection is not reused.
          if (received >= RESPONSE_EXCERPT_BYTES) finish(readResponse!());
        });
        res.on('end', () => finish(readResponse!(), true));
        res.on('error', () => finish(readResponse!()));
        res.on('close', () => finish(readResponse!()));
      });
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (request.reusedSocket && response === null && STALE_CONNECTION_CODES.has(error.code ?? '')) {
          finish('stale-connection');
          return;
        }
        finish({
          kind: 'failure',
          reason: error instanceof CallbackAddressRefusedError ? 'refused' : 'network',
          error: describe(error),
          latencyMs: elapsed(),
        });
      });
      request.end(payload);
    });
  }
}

function excerptOf(chunks: Buffer[]): string {
  // PostgreSQL text cannot hold NUL; a multi-byte character cut at 1 KiB decodes as U+FFFD.
  return Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8').replace(/\0/g, '');
}

function singleHeader(res: IncomingMessage, name: string): string | null {
  const value = res.headers[name];
  return typeof value === 'string' ? value : null;
}

function describe(error: unknown): string {
  // Duck-typed: errors raised by Node core may come from another realm (test sandboxes) and fail `instanceof`.
  if (typeof error !== 'object' || error === null) return String(error);
  const { errors, message, code, name } = error as Partial<AggregateError & NodeJS.ErrnoException>;
  if (Array.isArray(errors) && errors.length > 0) {
    // Several addresses tried (happy eyeballs): each one's failure.
    return errors.map(describe).join('; ');
  }
  return message || code || name || String(error);
}
