import { OutboundAddressRefusedError } from '@libs/platform/outbound/outbound-address.guard';
import {
  type OutboundHttpClient,
  type OutboundResponse,
  dropResponseBody,
} from '@libs/platform/outbound/outbound-http.client';

export interface WebhookSenderOptions {
  /** Time allowed from the start of the attempt to the response status (docs/contract.md §6: 15 s). */
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

/** Errors that mean a connection was closed by the receiver before it answered. */
const CLOSED_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE']);

/**
 * POSTs one signed notification body to a callback URL through the outbound client, which checks the
 * address each connection opens to (SSRF guard) and keeps connections alive per receiver (a TLS handshake
 * per delivery costs more than the delivery): a reused connection was checked when it opened.
 */
export class WebhookSender {
  constructor(
    private readonly client: OutboundHttpClient,
    private readonly options: WebhookSenderOptions,
  ) {}

  async send(
    rawUrl: string,
    body: string,
    signatureHeaders: Record<string, string>,
  ): Promise<WebhookSendResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let url: URL;
    try {
      url = this.client.parseUrl(rawUrl);
    } catch (error) {
      return { kind: 'failure', reason: 'refused', error: describe(error), latencyMs: elapsed() };
    }
    const payload = Buffer.from(body, 'utf8');
    const deadline = Date.now() + this.options.timeoutMs;
    const first = await this.post(url, payload, signatureHeaders, deadline, elapsed, false);
    if (first !== 'closed-unanswered') return first;
    // The receiver closed a kept-alive connection as we reused it, before answering: sent again, once,
    // on a new connection (never a kept-alive one).
    const second = await this.post(url, payload, signatureHeaders, deadline, elapsed, true);
    return second === 'closed-unanswered'
      ? {
          kind: 'failure',
          reason: 'network',
          error: 'connection closed by the receiver',
          latencyMs: elapsed(),
        }
      : second;
  }

  /** Closes the kept-alive connections (process shutdown). */
  close(): void {
    this.client.close().catch(() => undefined);
  }

  private async post(
    url: URL,
    payload: Buffer,
    signatureHeaders: Record<string, string>,
    deadline: number,
    elapsed: () => number,
    newConnection: boolean,
  ): Promise<WebhookSendResult | 'closed-unanswered'> {
    const deadlineReached = new AbortController();
    const timer = setTimeout(() => deadlineReached.abort(), Math.max(deadline - Date.now(), 0));
    let response: OutboundResponse;
    try {
      response = await this.client.request(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': USER_AGENT,
          ...basicAuthorization(url),
          ...signatureHeaders,
        },
        body: payload,
        signal: deadlineReached.signal,
        newConnection,
      });
    } catch (error) {
      clearTimeout(timer);
      if (deadlineReached.signal.aborted) {
        return {
          kind: 'failure',
          reason: 'timeout',
          error: `no response within ${this.options.timeoutMs} ms`,
          latencyMs: elapsed(),
        };
      }
      if (!newConnection && closedUnanswered(error)) return 'closed-unanswered';
      return {
        kind: 'failure',
        reason: error instanceof OutboundAddressRefusedError ? 'refused' : 'network',
        error: describe(error),
        latencyMs: elapsed(),
      };
    }
    const latencyMs = elapsed();
    try {
      // The status came in time: a slow body does not turn an answer into a timeout, the deadline only
      // ends the reading of the excerpt.
      const excerpt = await readExcerpt(response);
      return {
        kind: 'response',
        status: response.statusCode,
        latencyMs,
        excerpt,
        retryAfter: singleHeader(response, 'retry-after'),
        location: singleHeader(response, 'location'),
      };
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * Up to the first 1 KiB of the body. The whole answer read, the connection serves the next delivery;
 * otherwise (a longer body, the deadline, a broken connection) the rest is dropped with the connection.
 */
async function readExcerpt(response: OutboundResponse): Promise<string> {
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    for await (const chunk of response.body) {
      chunks.push(chunk as Buffer);
      received += (chunk as Buffer).length;
      if (received >= RESPONSE_EXCERPT_BYTES) break;
    }
  } catch {
    // What came before the deadline or the failure is the excerpt.
  } finally {
    dropResponseBody(response);
  }
  // PostgreSQL text cannot hold NUL; a multi-byte character cut at 1 KiB decodes as U+FFFD.
  return Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8').replace(/\0/g, '');
}

/**
 * A connection closed before any answer, as when the receiver drops a kept-alive connection we reuse:
 * closed after earlier answers on it, or reset / broken pipe (undici does not tell on which connection
 * those happened). A fresh connection closed without a byte of answer is not resent: the receiver fails.
 */
function closedUnanswered(error: unknown): boolean {
  const { code, socket } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    socket?: { bytesRead?: unknown };
  };
  if (typeof code === 'string' && CLOSED_CONNECTION_CODES.has(code)) return true;
  return code === 'UND_ERR_SOCKET' && typeof socket?.bytesRead === 'number' && socket.bytesRead > 0;
}

/**
 * A callback URL's `user:password@` sent as HTTP Basic credentials (RFC 7617, UTF-8), as curl and
 * browsers do: such URLs were accepted, and without this their receivers saw requests without them.
 */
function basicAuthorization(url: URL): Record<string, string> {
  if (!url.username && !url.password) return {};
  const credentials = `${percentDecoded(url.username)}:${percentDecoded(url.password)}`;
  return { authorization: `Basic ${Buffer.from(credentials, 'utf8').toString('base64')}` };
}

function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // A stray `%` is kept as typed.
    return text;
  }
}

function singleHeader(response: OutboundResponse, name: string): string | null {
  const value = response.headers[name];
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
