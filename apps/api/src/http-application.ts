import { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { type AppConfig } from '@libs/platform/config/app-config';
import { ApiMetrics } from './metrics/api-metrics';
import { httpMetricsMiddleware } from './metrics/http-metrics.middleware';
import { buildOpenApiDocument } from './openapi/openapi-document';
import { OpenApiDocumentHolder } from './openapi/openapi-document.holder';
import { answerClientError } from './platform/http/client-error.handler';
import { RouteCatalogProvider } from './platform/http/route-catalog.provider';
import { securityHeaders } from './platform/http/security-headers';
import { APP_LOGGER } from './platform/logging/logging.module';
import { NestPinoLogger } from './platform/logging/nest-pino.logger';

const NODE_HEADER_LIMIT_BYTES = 32 * 1024;

/** Bodies are read by the routes that take one, after authentication (JsonBodyInterceptor). */
export const API_APPLICATION_OPTIONS = { bodyParser: false, bufferLogs: true } as const;

/**
 * What the application needs around the router, before it is initialised: the logger, Express settings,
 * the security headers and the HTTP metrics on every answer (errors and unknown routes included), the
 * OpenAPI document, and the answers Node's own parser gives. main.ts and the tests share it.
 */
export async function initialiseHttpApplication(
  app: NestExpressApplication,
  config: AppConfig,
): Promise<void> {
  app.useLogger(new NestPinoLogger(app.get(APP_LOGGER)));
  app.disable('x-powered-by');
  if (config.http.trustProxyHops > 0) app.set('trust proxy', config.http.trustProxyHops);
  app.use(securityHeaders());
  const catalog = app.get(RouteCatalogProvider);
  app.use(httpMetricsMiddleware(app.get(ApiMetrics).http, () => catalog.routes));
  app.get(OpenApiDocumentHolder).publish(buildOpenApiDocument(app, config));
  await app.init();
  const server = app.getHttpServer() as Server;
  server.on('clientError', answerClientError);
  // The API's limit (16 KiB, header-size.middleware.ts) is applied through the router, where a HEAD is
  // told from a GET; Node's parser refuses what goes beyond its own limit before any route, and under
  // 64 KiB (one read) the refused packet still holds the method (client-error.handler.ts).
  // `maxHeaderSize` is the createServer option, read from the server at each new connection (Nest
  // creates the server without options).
  (server as Server & { maxHeaderSize?: number }).maxHeaderSize = NODE_HEADER_LIMIT_BYTES;
  // Node would answer `Expect: 100-continue` at once, and the client send its whole body even when the
  // request is then refused before it: the body reader sends the 100 when it wants the body.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => server.emit('request', req, res));
  // Any other expectation Node would refuse itself with a bare 417 (no envelope, no request id, before
  // the rate limit). RFC 9110 §10.1.1 lets a server ignore it: the request is served as if unsaid.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) =>
    server.emit('request', req, res),
  );
}
