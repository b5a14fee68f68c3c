import { randomUUID } from 'node:crypto';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { isDatabaseUnavailable } from '@libs/persistence/database-unavailable';
import { DomainError } from '@libs/platform/domain-error';
import { errorMessage } from '@libs/platform/messages.fr';
import { errorEnvelope } from './envelope';
import { ERROR_STATUS } from './error-status';
import { HttpRefusal } from './http-refusal';
import { ACCEPTED_REQUEST_CODINGS } from './request-content-coding';
import { type RouteCatalogProvider } from './route-catalog.provider';

/** Framework exceptions that reach the filter, by status, as the service's errors. */
const FRAMEWORK_EXCEPTIONS: Record<number, () => DomainError | HttpRefusal> = {
  // E.g. a path parameter that is not valid percent-encoding (`/order/%FF`).
  400: () => new DomainError('validation_failed'),
  404: () => new HttpRefusal('route_not_found'),
  405: () => new HttpRefusal('method_not_allowed'),
  413: () => new HttpRefusal('payload_too_large'),
  415: () => new HttpRefusal('unsupported_media_type'),
  429: () => new DomainError('rate_limited'),
};

/**
 * The one place where anything thrown becomes the envelope. No stack trace or internal message ever
 * reaches a client; a 500 carries an error id that is also logged.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  constructor(private readonly catalog: RouteCatalogProvider) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    if (res.headersSent) return;
    const error = this.clientErrorOf(exception, req, res);
    const status = ERROR_STATUS[error.code];
    if (error.code === 'rate_limited' && error.details.retryAfter !== undefined) {
      res.setHeader('Retry-After', String(error.details.retryAfter));
    }
    const detailText = error instanceof DomainError ? error.detailText : undefined;
    res.status(status).json(errorEnvelope(errorMessage(error.code, error.details, detailText)));
  }

  /**
   * What the client is told of `exception`: a service error as it is, a framework one by its status,
   * anything else a logged 500 with an error id. The console's filter words the same errors as pages.
   */
  clientErrorOf(exception: unknown, req: Request, res: Response): DomainError | HttpRefusal {
    if (exception instanceof HttpRefusal) {
      if (exception.code === 'unsupported_content_encoding') {
        res.setHeader('Accept-Encoding', ACCEPTED_REQUEST_CODINGS);
      }
      return exception;
    }
    if (exception instanceof DomainError) {
      if (exception.code === 'dependency_unavailable') {
        this.logger.warn(`Dependency unavailable on ${req.method} ${req.path}: ${String(exception.cause)}`);
      }
      return this.literalRouteRefusal(exception, req, res) ?? exception;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 404) {
        const allowed = this.catalog.routes.allowedMethods(req.path);
        if (allowed.length > 0) {
          res.setHeader('Allow', allowed.join(', '));
          return new HttpRefusal('method_not_allowed');
        }
      }
      const known = FRAMEWORK_EXCEPTIONS[status];
      if (known) return known();
    }
    // Body-parser style errors raised below the framework (e.g. an aborted upload).
    const type = (exception as { type?: string } | null)?.type;
    if (type === 'entity.too.large') return new HttpRefusal('payload_too_large');
    // Whatever route met it: the request may be retried (with its Idempotency-Key, for a creation).
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(`Database unavailable on ${req.method} ${req.path}: ${String(exception)}`);
      return new DomainError('dependency_unavailable', {}, undefined, exception);
    }
    const errorId = randomUUID();
    this.logger.error({
      msg: `Unexpected error ${errorId}`,
      errorId,
      method: req.method,
      path: req.path,
      err: exception,
    });
    return new DomainError('internal_error', { errorId });
  }

  /**
   * `GET /order/needrefresh` is served by `GET /order/:orderid`, which finds no order "needrefresh" (a
   * 404); but that path is `POST /order/needrefresh`'s: 405 with `Allow`, as for any other method.
   */
  private literalRouteRefusal(error: DomainError, req: Request, res: Response): HttpRefusal | null {
    if (ERROR_STATUS[error.code] !== 404) return null;
    const allowed = this.catalog.routes.literalMethods(req.path);
    if (allowed.length === 0 || allowed.includes(req.method)) return null;
    res.setHeader('Allow', allowed.join(', '));
    return new HttpRefusal('method_not_allowed');
  }
}
