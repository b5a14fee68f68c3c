import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { adminRoutes } from './admin.routes';
import { DocumentCatalog } from './document.catalog';
import { extranetApiRoutes } from './extranet-api.routes';
import { FaultInjector } from './fault-injector';
import { SANDBOX_CO_OWNERSHIPS } from './fixtures/sandbox-co-ownerships';
import { readJsonBody } from './json-body.reader';
import { SandboxHttpError } from './sandbox-http.error';
import { type RouteReply, type SandboxRoute } from './sandbox-route';
import { scenarioForUsername } from './sandbox-scenario';
import { SandboxSessionStore } from './sandbox-session.store';
import { SandboxStats } from './sandbox-stats';

export interface SandboxExtranetOptions {
  /** 0 picks a free port; `url` tells which. */
  port: number;
  /** Default 127.0.0.1: the admin routes must not be reachable from outside by accident. */
  host?: string;
  /** Delay of every extranet API answer. Default 20 ms. */
  latencyMs?: number;
  /** Delay of every answer to the `sandbox-slow` user. Default 3000 ms. */
  slowLatencyMs?: number;
  /** Listings of a `sandbox-missing-docs` user that still lack documents. Default 1. */
  pollsBeforeDocumentsAppear?: number;
}

export interface RunningSandboxExtranet {
  /** Base URL of the running server, e.g. http://127.0.0.1:41234 */
  url: string;
  close(): Promise<void>;
}

interface MatchedRoute {
  route: SandboxRoute;
  params: Record<string, string>;
}

const MALFORMED_ANSWER = '{"truncated": ';

/** Starts the sandbox syndic extranet (protocol in apps/extranet-sandbox/README.md). */
export async function startSandboxExtranet(options: SandboxExtranetOptions): Promise<RunningSandboxExtranet> {
  const host = options.host ?? '127.0.0.1';
  const latencyMs = nonNegativeInteger('latencyMs', options.latencyMs ?? 20);
  const slowLatencyMs = nonNegativeInteger('slowLatencyMs', options.slowLatencyMs ?? 3000);
  const pollsBeforeDocumentsAppear = nonNegativeInteger(
    'pollsBeforeDocumentsAppear',
    options.pollsBeforeDocumentsAppear ?? 1,
  );

  const catalog = await DocumentCatalog.build(SANDBOX_CO_OWNERSHIPS);
  const sessions = new SandboxSessionStore();
  const stats = new SandboxStats();
  const faults = new FaultInjector();
  const routes: SandboxRoute[] = [
    { method: 'GET', path: '/health', api: false, handle: () => ({ status: 200, json: { status: 'ok' } }) },
    ...extranetApiRoutes({ sessions, stats, catalog, pollsBeforeDocumentsAppear }),
    ...adminRoutes({ stats, faults }),
  ];
  // Aborted on close so that requests held by a latency do not keep the process alive.
  const shutdown = new AbortController();

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
      const { route, params } = matchRoute(routes, req.method ?? 'GET', url.pathname);
      const body = req.method === 'POST' ? await readJsonBody(req) : undefined;
      const request = { params, query: url.searchParams, headers: req.headers, body };
      if (!route.api) return sendReply(res, await route.handle(request));

      const caller = route.caller?.(request);
      stats.recordRequest(`${route.method} ${route.path}`, caller);
      const fault = faults.take();
      const latency =
        caller !== undefined && scenarioForUsername(caller) === 'slow' ? slowLatencyMs : latencyMs;
      await sleep(fault?.mode === 'slow' ? Math.max(latency, fault.latencyMs) : latency, undefined, {
        signal: shutdown.signal,
      });
      switch (fault?.mode) {
        case 'drop':
          req.socket.destroy();
          return;
        case 'error500':
          throw new SandboxHttpError(500, 'injected_fault', 'Injected server error');
        case 'malformed':
          res.writeHead(200, {
            'content-type': 'application/json',
            'content-length': MALFORMED_ANSWER.length,
          });
          res.end(MALFORMED_ANSWER);
          return;
      }
      sendReply(res, await route.handle(request));
    } catch (error) {
      if (shutdown.signal.aborted) {
        req.socket.destroy();
      } else if (error instanceof SandboxHttpError) {
        sendError(res, error);
      } else {
        console.error('Sandbox extranet failed to serve a request', error);
        sendError(res, new SandboxHttpError(500, 'internal_error', 'Internal error'));
      }
    }
  };

  const server = createServer((req, res) => void serve(req, res));
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return socket.destroy();
    const body = JSON.stringify({ error: 'bad_request', message: 'Malformed HTTP request' });
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${connectableHost(host)}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        shutdown.abort();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

function matchRoute(routes: readonly SandboxRoute[], method: string, pathname: string): MatchedRoute {
  // Trailing slashes dropped as segments: `/\/+$/` retried from every slash of a run that does not end
  // the path, quadratic (a 16 KiB path of slashes cost 148 ms).
  const segments = pathname.split('/');
  while (segments.length > 1 && segments.at(-1) === '') segments.pop();
  let pathMatched = false;
  for (const route of routes) {
    const params = matchPath(route.path, segments);
    if (params === null) continue;
    if (route.method === method) return { route, params };
    pathMatched = true;
  }
  if (!pathMatched) throw new SandboxHttpError(404, 'not_found', 'No such route');
  const allowed = routes
    .filter((route) => matchPath(route.path, segments) !== null)
    .map((route) => route.method)
    .join(', ');
  throw new SandboxHttpError(405, 'method_not_allowed', 'Method not allowed on this route', {
    allow: allowed,
  });
}

function matchPath(template: string, segments: readonly string[]): Record<string, string> | null {
  const expected = template.split('/');
  if (expected.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < expected.length; index += 1) {
    const part = expected[index];
    if (part.startsWith(':')) {
      try {
        params[part.slice(1)] = decodeURIComponent(segments[index]);
      } catch {
        return null;
      }
    } else if (part !== segments[index]) {
      return null;
    }
  }
  return params;
}

function sendReply(res: ServerResponse, reply: RouteReply): void {
  if ('json' in reply) return sendJson(res, reply.status, reply.json);
  res.writeHead(reply.status, {
    'content-type': reply.contentType,
    'content-length': reply.bytes.length,
    'cache-control': 'no-store',
  });
  res.end(reply.bytes);
}

function sendError(res: ServerResponse, error: SandboxHttpError): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, error.status, { error: error.code, message: error.message }, error.headers);
}

function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Readonly<Record<string, string>> = {},
): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(body);
}

function nonNegativeInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`${name} must be a non-negative integer`);
  return value;
}

function connectableHost(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') ? `[${host}]` : host;
}
