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

/** POSTs one signed notification body to a callback URL through the SSRF guard. */
export class WebhookSender {
  constructor(
    private readonly guard: CallbackAddressGuard,
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
      url = this.guard.parseUrl(rawUrl);
      // Node connects to an IP literal without calling `lookup`: the guard must see it here.
      const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(host)) this.guard.assertAddress(host);
    } catch (error) {
      return { kind: 'failure', reason: 'refused', error: describe(error), latencyMs: elapsed() };
    }
    const payload = Buffer.from(body, 'utf8');
    const transport = url.protocol === 'https:' ? https : http;

    return new Promise<WebhookSendResult>((resolve) => {
      let settled = false;
      let response: IncomingMessage | null = null;
      let readResponse: (() => WebhookResponse) | null = null;
      const finish = (result: WebhookSendResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        response?.destroy();
        request.destroy();
        resolve(result);
      };

      const request = transport.request(url, {
        method: 'POST',
        // A fresh connection per attempt: no pooled socket opened to an address checked earlier.
        agent: false,
        lookup: this.guard.lookup,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(payload.length),
          'User-Agent': USER_AGENT,
          ...signatureHeaders,
        },
      });

      const timer = setTimeout(() => {
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
      }, this.options.timeoutMs);

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
        const done = () => finish(readResponse!());
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          received += chunk.length;
          if (received >= RESPONSE_EXCERPT_BYTES) done();
        });
        res.on('end', done);
        res.on('error', done);
        res.on('close', done);
      });
      request.on('error', (error) => {
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
