import { type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { type Reflector } from '@nestjs/core';
import { type Request, type Response } from 'express';
import { type Observable, from, mergeMap } from 'rxjs';
import { type HttpConfig } from '@libs/platform/config/app-config';
import { noteOrderIdOfBody } from './request-log.middleware';
import { JSON_BODY_LIMIT, type JsonBodyLimit } from './json-body.decorator';
import { readJsonBody } from './json-body.reader';

/**
 * Reads the body of the routes declaring `@JsonBody`. Interceptors run after every guard: no byte of a
 * body is parsed, nor a large one received, before the API key and token (or the codec token) are
 * checked. The 30 MiB limit is thereby an authenticated caller's.
 */
export class JsonBodyInterceptor implements NestInterceptor {
  private readonly limits: Record<JsonBodyLimit, number>;

  constructor(
    private readonly reflector: Reflector,
    http: HttpConfig,
  ) {
    this.limits = {
      credentials: http.credentialsBodyLimitBytes,
      standard: http.jsonBodyLimitBytes,
      upload: http.uploadBodyLimitBytes,
    };
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const limit = this.reflector.get<JsonBodyLimit | undefined>(JSON_BODY_LIMIT, context.getHandler());
    if (limit === undefined || context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    return from(readJsonBody(req, http.getResponse<Response>(), this.limits[limit])).pipe(
      mergeMap((body) => {
        req.body = body;
        noteOrderIdOfBody(req);
        return next.handle();
      }),
    );
  }
}
