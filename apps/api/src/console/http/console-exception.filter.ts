import { type ArgumentsHost, Catch, type ExceptionFilter, Inject } from '@nestjs/common';
import { type Response } from 'express';
import { type ConsoleSession } from '@libs/operators/operator-session.service';
import { DomainError, ValuesRefused } from '@libs/platform/domain-error';
import { CONSOLE_TEXTS as T, errorMessage } from '@libs/platform/messages.fr';
import { type AppConfig } from '@libs/platform/config/app-config';
import { APP_CONFIG } from '../../platform/config.module';
import { ApiExceptionFilter } from '../../platform/http/api-exception.filter';
import { RouteCatalogProvider } from '../../platform/http/route-catalog.provider';
import { ERROR_STATUS } from '../../platform/http/error-status';
import { type HttpRefusal } from '../../platform/http/http-refusal';
import { clearConsoleCookie } from '../session/console-cookie';
import { ConsoleFormDrafts, DRAFT_PARAM } from '../session/console-form-drafts';
import { ConsoleFormRefused, ConsoleFormStale, ConsoleLoginRequired } from '../session/console-refusals';
import { type ConsoleRequest } from '../session/console-session.guard';
import { ConsoleViews } from '../views/console-views';
import { type RefusedForm } from '../views/order-page.presenter';
import { OrderPageRenderer } from '../views/order-page.renderer';
import { submittedFields } from './console-form.reader';

const ORDER_PATH = /^\/console\/orders\/([A-Z0-9]{6})\//;

/**
 * The console's errors as pages, not envelopes: no session sends the browser to the login page (a
 * page's form sent as its session ended is kept for its operator, ConsoleFormDrafts); a form without its
 * CSRF token is refused (403), or shown again as typed when an earlier session's page sent it; a form of
 * an order's page the services refuse (its values, the rules, Temporal away) is that page again with the
 * status, saying why at its top or beside the inputs, and holding what the form held, so that nothing
 * typed is lost; anything else is a page in French with its status (a 500 with the error id logged),
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
    private readonly orderPages: OrderPageRenderer,
    private readonly drafts: ConsoleFormDrafts,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.errors = new ApiExceptionFilter(catalog);
    this.secureCookies = config.console.secureCookies;
  }

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const req = http.getRequest<ConsoleRequest>();
    const res = http.getResponse<Response>();
    if (res.headersSent) return;
    const orderid = ORDER_PATH.exec(req.path)?.[1] ?? null;
    if (exception instanceof ConsoleLoginRequired) {
      if (exception.expired) clearConsoleCookie(res, this.secureCookies);
      void this.loginPageFor(req, exception, orderid).then((url) => res.redirect(303, url));
      return;
    }
    if (exception instanceof ConsoleFormRefused) {
      this.page(res, 403, T.errors.csrf, null);
      return;
    }
    const session = req.consoleSession;
    if (exception instanceof ConsoleFormStale) {
      if (orderid && session) this.formAgain(req, res, session, orderid, 403, T.errors.staleForm, []);
      else this.page(res, 403, T.errors.csrf, null);
      return;
    }
    const error = this.errors.clientErrorOf(exception, req, res);
    const status = ERROR_STATUS[error.code];
    if (req.method === 'POST' && orderid && session && returnsToTheForm(status)) {
      const issues = error instanceof ValuesRefused ? error.issues : [];
      const text = error instanceof ValuesRefused ? T.errors.formInvalid : consoleMessage(error);
      this.formAgain(req, res, session, orderid, status, text, issues, consoleMessage(error));
      return;
    }
    this.page(res, status, consoleMessage(error), orderid);
  }

  /** The login page; with the id of the form kept for its operator when one was sent as the session ended. */
  private async loginPageFor(
    req: ConsoleRequest,
    refusal: ConsoleLoginRequired,
    orderid: string | null,
  ): Promise<string> {
    if (!refusal.expired) return '/console/login';
    const kept =
      refusal.formOfOperator && orderid ? await this.drafts.keep(req, refusal.formOfOperator, orderid) : null;
    return kept ? `/console/login?session=expiree&${DRAFT_PARAM}=${kept}` : '/console/login?session=expiree';
  }

  /** The order's page again, `text` at its top, the refused form holding what it held. */
  private formAgain(
    req: ConsoleRequest,
    res: Response,
    session: ConsoleSession,
    orderid: string,
    status: number,
    text: string,
    issues: RefusedForm['issues'],
    // The order page itself cannot be shown (the database away): this message alone.
    fallback = text,
  ): void {
    const refused: RefusedForm = { path: req.path, fields: submittedFields(req), issues };
    void this.orderPages.render(session, orderid, { notice: { kind: 'error', text }, refused }).then(
      (html) => res.status(status).type('html').send(html),
      () => this.page(res, status, fallback, orderid),
    );
  }

  private page(res: Response, status: number, message: string, orderid: string | null): void {
    if (res.headersSent) return;
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

/**
 * A refusal the operator can act on from the page: the request's (4xx), Temporal unreachable (503, to
 * send again later). Not an unknown order or notification (404), nor a 500 or an action Temporal holds
 * but did not apply in time (504): sent again from the page, it could be applied twice.
 */
function returnsToTheForm(status: number): boolean {
  return (status < 500 && status !== 404) || status === 503;
}

/** The API's texts for a body too large or of another type speak of JSON; a console form is neither. */
function consoleMessage(error: DomainError | HttpRefusal): string {
  if (error.code === 'unsupported_media_type') return T.errors.form;
  if (error.code === 'payload_too_large') return T.errors.tooLarge;
  return errorMessage(error.code, error.details, errorDetail(error));
}

function errorDetail(error: DomainError | HttpRefusal): string | undefined {
  return error instanceof DomainError ? error.detailText : undefined;
}
