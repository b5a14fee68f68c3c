import { type AccountStatement } from '@libs/statement/account-statement';
import { type ExtranetCallObservation, type ExtranetCallObserver } from './extranet-call.observer';
import { type ExtranetDocument } from './extranet-document';
import { OutboundAddressRefusedError } from '@libs/platform/outbound/outbound-address.guard';
import {
  type OutboundHttpClient,
  type OutboundResponse,
  dropResponseBody,
} from '@libs/platform/outbound/outbound-http.client';
import {
  ExtranetCredentialsRefusedError,
  ExtranetDestinationRefusedError,
  ExtranetError,
  ExtranetDocumentUnavailableError,
  ExtranetUnavailableError,
} from './extranet-errors';
import {
  parseDocumentListPayload,
  parseSessionPayload,
  parseStatementPayload,
} from './extranet-payload.parser';
import { type ExtranetSession } from './extranet-session';
import { type ExtranetConnector, type ExtranetDocumentContent } from './extranet.port';
import { type SyndicCredentials } from './syndic-credentials';

/** type/subtype (RFC 6838, 4.2), at most the 127 characters `documents.mimetype` holds. */
const MEDIA_TYPE = /^(?=.{3,127}$)[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

export interface HttpExtranetConnectorOptions {
  /** Root of the extranet; the protocol's paths (`api/v1/…`) are resolved under it. */
  baseUrl: string;
  /** The outbound client its requests go through (address policy, keep-alive). */
  client: OutboundHttpClient;
  /** Budget of one request, answer body included. */
  requestTimeoutMs: number;
  /** Larger documents are refused rather than held in memory. Default: 30 MiB, the upload limit. */
  maxDocumentBytes?: number;
  /** Told about every request (latency, outcome), for metrics. */
  observer?: ExtranetCallObserver;
  /** How the observer names this extranet (`sandbox`, `syndic`…). Default `syndic`. */
  name?: string;
}

interface ExtranetRequest {
  operation: ExtranetCallObservation['operation'];
  method: 'GET' | 'POST';
  path: string;
  query?: URLSearchParams;
  token?: string;
  body?: unknown;
}

const DEFAULT_MAX_DOCUMENT_BYTES = 30 * 1024 * 1024;
/**
 * A statement or a document list is a few kilobytes. An address a client gave could send gigabytes
 * within the request's deadline, held in the worker's memory; and a listing travels through Temporal,
 * whose payloads are refused beyond 2 MB.
 */
const MAX_JSON_BYTES = 1024 * 1024;

/**
 * Speaks the JSON extranet protocol described in apps/extranet-sandbox/README.md: the sandbox's, and
 * that of a live order's `syndic.url` when no dedicated connector serves its syndic.
 */
export class HttpExtranetConnector implements ExtranetConnector {
  readonly baseUrl: string;
  private readonly client: OutboundHttpClient;
  private readonly requestTimeoutMs: number;
  private readonly maxDocumentBytes: number;
  private readonly observer: ExtranetCallObserver | null;
  private readonly name: string;

  constructor(options: HttpExtranetConnectorOptions) {
    this.baseUrl = options.baseUrl;
    this.client = options.client;
    this.requestTimeoutMs = options.requestTimeoutMs;
    this.maxDocumentBytes = options.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES;
    this.observer = options.observer ?? null;
    this.name = options.name ?? 'syndic';
  }

  async login(credentials: SyndicCredentials): Promise<ExtranetSession> {
    const request: ExtranetRequest = {
      operation: 'login',
      method: 'POST',
      path: 'api/v1/session',
      body: { username: credentials.username, password: credentials.password },
    };
    const token = await this.exchange(this.baseUrl, request, async (response) => {
      if (response.statusCode === 401 || response.statusCode === 403) {
        await response.body.dump();
        throw new ExtranetCredentialsRefusedError();
      }
      return parseSessionPayload(await this.readJson(response, request));
    });
    return { token, baseUrl: this.baseUrl };
  }

  async fetchStatement(session: ExtranetSession, lots: string[] | null): Promise<AccountStatement> {
    const query = new URLSearchParams();
    if (lots !== null && lots.length > 0) query.set('lots', lots.join(','));
    const request: ExtranetRequest = {
      operation: 'statement',
      method: 'GET',
      path: 'api/v1/statement',
      query,
      token: session.token,
    };
    return this.exchange(session.baseUrl, request, async (response) =>
      parseStatementPayload(await this.readJson(response, request)),
    );
  }

  async listDocuments(session: ExtranetSession): Promise<ExtranetDocument[]> {
    const request: ExtranetRequest = {
      operation: 'documents',
      method: 'GET',
      path: 'api/v1/documents',
      token: session.token,
    };
    return this.exchange(session.baseUrl, request, async (response) =>
      parseDocumentListPayload(await this.readJson(response, request)),
    );
  }

  async downloadDocument(session: ExtranetSession, documentId: string): Promise<ExtranetDocumentContent> {
    const request: ExtranetRequest = {
      operation: 'document_content',
      method: 'GET',
      path: `api/v1/documents/${encodeURIComponent(documentId)}/content`,
      token: session.token,
    };
    return this.exchange(session.baseUrl, request, async (response) => {
      if (response.statusCode === 404 || response.statusCode === 410) {
        await response.body.dump();
        throw new ExtranetDocumentUnavailableError(
          `The extranet answered ${response.statusCode} to ${describe(request)}: the listed document is not there`,
        );
      }
      await this.expectOk(response, request);
      const declared = Number(singleHeader(response, 'content-length') ?? NaN);
      if (declared > this.maxDocumentBytes) {
        dropResponseBody(response);
        throw this.tooLarge(request);
      }
      const content = await readBodyWithin(response, this.maxDocumentBytes, () => this.tooLarge(request));
      const mimetype = (singleHeader(response, 'content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      // Stored with the document (documents.mimetype): anything but a media type is not one.
      return {
        content,
        mimetype: MEDIA_TYPE.test(mimetype) ? mimetype : 'application/octet-stream',
      };
    });
  }

  /**
   * Sends one request and reads its answer; anything but a deliberate ExtranetError (a refused
   * destination among them) means "retry later".
   */
  private async exchange<T>(
    baseUrl: string,
    request: ExtranetRequest,
    read: (response: OutboundResponse) => Promise<T>,
  ): Promise<T> {
    if (!this.observer) return this.send(baseUrl, request, read);
    const started = performance.now();
    let outcome: ExtranetCallObservation['outcome'] = 'unavailable';
    try {
      const result = await this.send(baseUrl, request, read);
      outcome = 'ok';
      return result;
    } catch (error) {
      if (error instanceof ExtranetCredentialsRefusedError) outcome = 'credentials_refused';
      if (error instanceof ExtranetDestinationRefusedError) outcome = 'destination_refused';
      throw error;
    } finally {
      this.observer.observe({
        extranet: this.name,
        operation: request.operation,
        outcome,
        durationMs: performance.now() - started,
      });
    }
  }

  private async send<T>(
    baseUrl: string,
    request: ExtranetRequest,
    read: (response: OutboundResponse) => Promise<T>,
  ): Promise<T> {
    const url = this.endpoint(baseUrl, request);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`;
    if (request.body !== undefined) headers['content-type'] = 'application/json';
    const deadline = AbortSignal.timeout(this.requestTimeoutMs);
    let response: OutboundResponse | null = null;
    try {
      // Redirects are never followed: one would replay the credentials or the token to an address
      // nobody vetted. A 3xx is an answer like any other status, read as "unavailable".
      response = await this.client.request(url, {
        method: request.method,
        headers,
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: deadline,
      });
      return await read(response);
    } catch (error) {
      if (error instanceof ExtranetError) throw error;
      if (error instanceof OutboundAddressRefusedError) {
        throw new ExtranetDestinationRefusedError(error.message, { cause: error });
      }
      throw this.transportFailure(error, url, request, deadline);
    } finally {
      // Whatever was not read is dropped with its connection, never left holding it.
      if (response !== null) dropResponseBody(response);
    }
  }

  private endpoint(baseUrl: string, request: ExtranetRequest): URL {
    let base: URL;
    try {
      base = new URL(baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
    } catch {
      throw new ExtranetDestinationRefusedError('The extranet address is not a valid URL');
    }
    if (base.protocol !== 'http:' && base.protocol !== 'https:') {
      throw new ExtranetDestinationRefusedError('The extranet address is not an http(s) URL');
    }
    if (base.username !== '' || base.password !== '') {
      throw new ExtranetDestinationRefusedError('The extranet address must not embed credentials');
    }
    base.search = '';
    base.hash = '';
    const url = new URL(request.path, base);
    if (request.query !== undefined) url.search = request.query.toString();
    return url;
  }

  private async expectOk(response: OutboundResponse, request: ExtranetRequest): Promise<void> {
    const status = response.statusCode;
    if (status === 200) return;
    await response.body.dump();
    const hint = status === 401 || status === 403 ? ' (session rejected: log in again)' : '';
    throw new ExtranetUnavailableError(`The extranet answered ${status} to ${describe(request)}${hint}`);
  }

  private async readJson(response: OutboundResponse, request: ExtranetRequest): Promise<unknown> {
    await this.expectOk(response, request);
    const body = await readBodyWithin(
      response,
      MAX_JSON_BYTES,
      () =>
        new ExtranetUnavailableError(
          `The extranet sent more than ${MAX_JSON_BYTES} bytes of JSON in answer to ${describe(request)}`,
        ),
    );
    const text = body.toString('utf8');
    try {
      return JSON.parse(text, wellFormedStrings) as unknown;
    } catch {
      throw new ExtranetUnavailableError(`The extranet sent invalid JSON in answer to ${describe(request)}`);
    }
  }

  private tooLarge(request: ExtranetRequest): ExtranetDocumentUnavailableError {
    return new ExtranetDocumentUnavailableError(
      `The extranet sent a document larger than ${this.maxDocumentBytes} bytes in answer to ${describe(request)}`,
    );
  }

  private transportFailure(
    error: unknown,
    url: URL,
    request: ExtranetRequest,
    deadline: AbortSignal,
  ): ExtranetUnavailableError {
    if (deadline.aborted) {
      return new ExtranetUnavailableError(
        `The extranet at ${url.host} did not answer ${describe(request)} within ${this.requestTimeoutMs} ms`,
      );
    }
    // Duck-typed: socket errors come from Node's own realm, where `instanceof Error` may not hold.
    const { code: own, cause } = (typeof error === 'object' && error !== null ? error : {}) as {
      code?: unknown;
      cause?: { code?: unknown };
    };
    const systemCode = typeof own === 'string' ? own : cause?.code;
    const code = typeof systemCode === 'string' ? ` (${systemCode})` : '';
    return new ExtranetUnavailableError(
      `The extranet at ${url.host} could not be reached for ${describe(request)}${code}`,
      { cause: error },
    );
  }
}

function singleHeader(response: OutboundResponse, name: string): string | null {
  const value = response.headers[name];
  return typeof value === 'string' ? value : null;
}

/** Method and path only: the query may carry lot numbers, never worth a log line, and no secret goes in a path. */
function describe(request: ExtranetRequest): string {
  return `${request.method} /${request.path}`;
}

/**
 * The whole body, refused with `tooLarge()` as soon as it passes `maxBytes` rather than held in memory
 * to the end: the rest is dropped with the connection.
 */
async function readBodyWithin(
  response: OutboundResponse,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Half of a surrogate pair (a text cut in the middle of an emoji) becomes U+FFFD, which marks the cut:
 * PostgreSQL's jsonb refuses it, and a statement holding one could never be stored, holding up the
 * collection for a character.
 */
function wellFormedStrings(_key: string, value: unknown): unknown {
  return typeof value === 'string' ? value.replace(LONE_SURROGATE, '\uFFFD') : value;
}

// With the u flag, a paired surrogate is one code point: only lone halves are of category Cs.
const LONE_SURROGATE = /\p{Cs}/gu;
