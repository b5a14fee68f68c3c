import { type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { type Reflector } from '@nestjs/core';
import { type Observable, from, mergeMap } from 'rxjs';
import { type OperatorSessionService } from '@libs/operators/operator-session.service';
import { type HttpConfig } from '@libs/platform/config/app-config';
import { ConsoleFormRefused, ConsoleFormStale } from '../session/console-refusals';
import { type ConsoleRequest } from '../session/console-session.guard';
import { CONSOLE_FORM, type ConsoleFormKind } from './console-form.decorator';
import { isSameOrigin, saysSameOrigin } from './form-origin';
import { type ConsoleFormLimits, PAGE_FORM_LIMITS, readConsoleForm } from './console-form.reader';

/** The name of the CSRF token's field in every console form. */
export const CSRF_FIELD = '_csrf';

/**
 * Reads the forms of the routes declaring `@ConsoleForm`, after the session guard: the 30 MiB of an
 * upload is an operator's. Every form must come from the console's own pages (the browser's
 * `Sec-Fetch-Site` and `Origin` say so) and, once a session exists, carry its CSRF token.
 */
export class ConsoleFormInterceptor implements NestInterceptor {
  private readonly limits: Record<ConsoleFormKind, ConsoleFormLimits>;

  constructor(
    private readonly reflector: Reflector,
    private readonly sessions: Pick<OperatorSessionService, 'verifyCsrf'>,
    http: HttpConfig,
  ) {
    this.limits = {
      login: { bytes: http.credentialsBodyLimitBytes, fields: 10, files: 0 },
      form: PAGE_FORM_LIMITS,
      upload: { bytes: http.uploadBodyLimitBytes, fields: 100, files: 20 },
    };
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const kind = this.reflector.get<ConsoleFormKind | undefined>(CONSOLE_FORM, context.getHandler());
    if (kind === undefined) return next.handle();
    const req = context.switchToHttp().getRequest<ConsoleRequest>();
    if (!isSameOrigin(req)) throw new ConsoleFormRefused('console form from another origin');
    return from(readConsoleForm(req, this.limits[kind])).pipe(
      mergeMap((body) => {
        if (kind !== 'login') {
          const token = body.fields[CSRF_FIELD];
          const session = req.consoleSession;
          if (!session || typeof token !== 'string' || !this.sessions.verifyCsrf(session, token)) {
            // Shown again only where the browser vouches for the origin: a form posted by another
            // site must not come back as a page of the console holding that site's values.
            if (!session || !saysSameOrigin(req)) {
              throw new ConsoleFormRefused('console form without its CSRF token');
            }
            req.body = body;
            throw new ConsoleFormStale('console form of an earlier session');
          }
        }
        req.body = body;
        return next.handle();
      }),
    );
  }
}
