import { Global, Inject, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR, APP_PIPE, Reflector } from '@nestjs/core';
import { type AppConfig } from '@libs/platform/config/app-config';
import { type AppLogger } from '@libs/platform/logging/app-logger';
import { MemoryRateLimiter } from '@libs/platform/memory-rate-limiter';
import { OutboundAddressGuard } from '@libs/platform/outbound/outbound-address.guard';
import { APP_CONFIG } from '../config.module';
import { APP_LOGGER } from '../logging/logging.module';
import { ApiExceptionFilter } from './api-exception.filter';
import { DtoValidationPipe } from './dto-validation.pipe';
import { headerSizeMiddleware } from './header-size.middleware';
import { JsonBodyInterceptor } from './json-body.interceptor';
import { rateLimitMiddleware } from './rate-limit.middleware';
import { requestIdMiddleware } from './request-id.middleware';
import { requestLogMiddleware } from './request-log.middleware';
import { RequestsInFlight } from './requests-in-flight';
import { RouteCatalogProvider } from './route-catalog.provider';
import { unreadBodyMiddleware } from './unread-body.middleware';

// Beyond the largest body a route reads: what a client still sending an upload refused before its end
// may send on. Past it, or that long after the answer, the connection is closed.
const UNREAD_BODY_SLACK_BYTES = 1024 * 1024;
const UNREAD_BODY_MAX_MS = 30_000;

/**
 * The HTTP edge shared by every route: the exception filter (anything thrown becomes the envelope),
 * the DTO validation pipe, the body reader (after the guards, see JsonBodyInterceptor), and what every
 * request goes through before the router, all of it cheap and none of it reading a body.
 */
@Global()
@Module({
  providers: [
    RouteCatalogProvider,
    {
      provide: APP_FILTER,
      useFactory: (catalog: RouteCatalogProvider) => new ApiExceptionFilter(catalog),
      inject: [RouteCatalogProvider],
    },
    {
      provide: APP_PIPE,
      // The addresses the service will call on the client's behalf are checked against the same policy.
      useFactory: (config: AppConfig) =>
        new DtoValidationPipe(new OutboundAddressGuard(config.outbound, 'extranet')),
      inject: [APP_CONFIG],
    },
    {
      provide: APP_INTERCEPTOR,
      useFactory: (reflector: Reflector, config: AppConfig) =>
        new JsonBodyInterceptor(reflector, config.http),
      inject: [Reflector, APP_CONFIG],
    },
    {
      provide: RequestsInFlight,
      useFactory: (config: AppConfig) => new RequestsInFlight(config.orderStarts.busyRequests),
      inject: [APP_CONFIG],
    },
    // One set of buckets: per IP here, per API key in the authentication guard.
    { provide: MemoryRateLimiter, useFactory: () => new MemoryRateLimiter() },
  ],
  exports: [RouteCatalogProvider, RequestsInFlight, MemoryRateLimiter],
})
export class HttpModule implements NestModule {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(APP_LOGGER) private readonly logger: AppLogger,
    private readonly requestsInFlight: RequestsInFlight,
    private readonly rateLimiter: MemoryRateLimiter,
  ) {}

  /**
   * In this order: the count of requests in flight, the request id, the request log (and log context),
   * the bound on discarding unread bodies, the per-IP rate limit (first of the checks, so that it counts
   * every request), the URL and headers limit.
   */
  configure(consumer: MiddlewareConsumer): void {
    const { http, rateLimit } = this.config;
    consumer
      .apply(
        this.requestsInFlight.middleware,
        requestIdMiddleware,
        requestLogMiddleware(this.logger),
        unreadBodyMiddleware({
          maxBytes: http.uploadBodyLimitBytes + UNREAD_BODY_SLACK_BYTES,
          maxMs: UNREAD_BODY_MAX_MS,
        }),
        rateLimitMiddleware(this.rateLimiter, rateLimit),
        headerSizeMiddleware(http.headerLimitBytes),
      )
      .forRoutes('*');
  }
}
