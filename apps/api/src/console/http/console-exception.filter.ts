import { type ArgumentsHost, Catch, type ExceptionFilter, Inject } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { DomainError } from '@libs/platform/domain-error';
import { CONSOLE_TEXTS as T, errorMessage } from '@libs/platform/messages.fr';
import { type AppConfig } from '@libs/platform/config/app-config';
import { APP_CONFIG } from '../../platform/config.module';
import { ApiExceptionFilter } from '../../platform/http/api-exception.filter';
import { RouteCatalogProvider } from '../../platform/http/route-catalog.provider';
import { ERROR_STATUS } from '../../platform/http/error-status';
import { clearConsoleCookie } from '../session/console-cookie';
import { ConsoleFormRefused, ConsoleLoginRequired } from '../session/console-refusals';
import { ConsoleViews } from '../views/console-views';

const ORDER_ACTION = /^\/console\/orders\/([A-Z0-9]{6})\//;

/**
 * The console's errors as pages, not envelopes: no session sends the browser to the login page; a form
 * without its CSRF token is refused (403); an order action the rules refuse returns to the order page,
 * which says why; anything else is a page in French with its status (a 500 with the error id logged),
 * classified as the API classifies it.
 */
@Catch()
export class ConsoleExceptionFilter implements ExceptionFilter {
  private readonly errors: ApiExceptionFilter;
  private readonly secureCookies: boolean;

  // Built by Nest from @UseFilters on the console's controllers.
  constructor(
    catalog: RouteCatalogProvider,
    private readonly views: ConsoleViews,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.errors = new ApiExceptionFilter(catalog);
    this.secureCookies = config.console.secureCookies;
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    if (res.headersSent) return;
    if (exception instanceof ConsoleLoginRequired) {
      if (exception.expired) clearConsoleCookie(res, this.secureCookies);
      res.redirect(303, exception.expired ? '/console/login?session=expiree' : '/console/login');
      return;
    }
    if (exception instanceof ConsoleFormRefused) {
      this.page(res, 403, T.errors.csrf, null);
      return;
    }
    const error = this.errors.clientErrorOf(exception, req, res);
    const status = ERROR_STATUS[error.code];
    const orderid = ORDER_ACTION.exec(req.path)?.[1] ?? null;
    const detailText = error instanceof DomainError ? error.detailText : undefined;
    if (req.method === 'POST' && orderid && status < 500 && status !== 404 && detailText === undefined) {
      const refusal = error.details.refusal;
      const query = new URLSearchParams({
        erreur: error.code,
        ...(refusal ? { motif: String(refusal) } : {}),
      });
      res.redirect(303, `/console/orders/${orderid}?${query.toString()}`);
      return;
    }
    // The API's text for another media type speaks of JSON; a console form is urlencoded or multipart.
    const message =
      error.code === 'unsupported_media_type'
        ? T.errors.form
        : errorMessage(error.code, error.details, detailText);
    this.page(res, status, message, orderid);
  }

  private page(res: Response, status: number, message: string, orderid: string | null): void {
    res
      .status(status)
      .type('html')
      .send(
        this.views.render(
          'error',
          { title: T.errors.title },
          {
            message,
            back: orderid ? { url: `/console/orders/${orderid}`, label: T.errors.backToOrder } : null,
          },
        ),
      );
  }
}
