import { type IncomingHttpHeaders } from 'node:http';

export interface RouteRequest {
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export type RouteReply =
  { status: number; json: unknown } | { status: number; contentType: string; bytes: Buffer };

export interface SandboxRoute {
  method: 'GET' | 'POST';
  /** Path template; `:name` segments are captured into `params`. */
  path: string;
  /** Extranet API routes get latency, scenarios, faults and statistics; admin routes answer at once. */
  api: boolean;
  /** Username behind the request, when known, for statistics and scenarios. */
  caller?(request: RouteRequest): string | undefined;
  handle(request: RouteRequest): RouteReply | Promise<RouteReply>;
}
