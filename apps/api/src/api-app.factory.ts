import { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { createAppLogger } from '@libs/platform/logging/app-logger';
import { ApiModule, type ApiDependencies } from './api.module';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { answerClientError } from './http/client-error.handler';
import { OutboundAddressGuard } from '@libs/platform/outbound/outbound-address.guard';
import { DtoValidationPipe } from './http/dto-validation.pipe';
import { RouteCatalog } from './http/route-catalog';
import { securityHeaders } from './http/security-headers';
import { ApiMetrics } from './metrics/api-metrics';
import { httpMetricsMiddleware } from './metrics/http-metrics.middleware';
import { publishOpenApiDocument } from './openapi/openapi.providers';
import { NestPinoLogger } from './logging/nest-pino.logger';

const NODE_HEADER_LIMIT_BYTES = 32 * 1024;

/** Builds the HTTP application (not yet listening) from its dependencies. */
export async function createApiApp(deps: ApiDependencies): Promise<NestExpressApplication> {
  const logger = deps.logger ?? createAppLogger({ ...deps.config.logging, service: 'api' });
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.register({ ...deps, logger }), {
    // Bodies are read by our own middleware so that every failure gets a French envelope.
    bodyParser: false,
    logger: new NestPinoLogger(logger),
  });
  app.disable('x-powered-by');
  if (deps.config.http.trustProxyHops > 0) app.set('trust proxy', deps.config.http.trustProxyHops);
  app.use(securityHeaders());
  let routes: RouteCatalog | null = null;
  const express = app.getHttpAdapter().getInstance() as Parameters<typeof RouteCatalog.fromExpress>[0];
  const routeCatalog = () => (routes ??= RouteCatalog.fromExpress(express));
  app.use(httpMetricsMiddleware(app.get(ApiMetrics).http, routeCatalog));
  app.useGlobalFilters(new ApiExceptionFilter(routeCatalog));
  app.useGlobalPipes(new DtoValidationPipe(new OutboundAddressGuard(deps.config.outbound, 'extranet')));
  // No enableShutdownHooks(): main.ts owns SIGTERM (graceful-shutdown.ts). Nest's handler re-raises the
  // signal once closed, which ends the process (exit 143) before the database and Temporal are released.
  publishOpenApiDocument(app, deps.config);
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
  return app;
}
