import {
  Controller,
  Get,
  Header,
  HttpCode,
  Inject,
  Post,
  Query,
  Req,
  Res,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { OperatorAuthenticationService } from '@libs/operators/operator-authentication.service';
import { type ConsoleSession, OperatorSessionService } from '@libs/operators/operator-session.service';
import { type AppConfig } from '@libs/platform/config/app-config';
import { DomainError } from '@libs/platform/domain-error';
import { CONSOLE_TEXTS as T, errorMessage } from '@libs/platform/messages.fr';
import { APP_CONFIG } from '../platform/config.module';
import { ERROR_STATUS } from '../platform/http/error-status';
import { Public } from '../platform/security/public.decorator';
import { ConsoleExceptionFilter } from './http/console-exception.filter';
import { ConsoleForm } from './http/console-form.decorator';
import { type ConsoleFormRequest } from './http/console-form.reader';
import { clearConsoleCookie, readConsoleCookie, setConsoleCookie } from './session/console-cookie';
import { ConsoleFormDrafts, DRAFT_PARAM, draftIdOf } from './session/console-form-drafts';
import { CurrentSession } from './session/console-session.decorator';
import { ConsoleSessionGuard } from './session/console-session.guard';
import { ConsoleViews } from './views/console-views';

/** Logging into the console and out of it (operators only: client API keys mean nothing here). */
@Public()
@ApiExcludeController()
@UseFilters(ConsoleExceptionFilter)
@Controller('console')
export class ConsoleLoginController {
  constructor(
    private readonly authentication: OperatorAuthenticationService,
    private readonly sessions: OperatorSessionService,
    private readonly views: ConsoleViews,
    private readonly drafts: ConsoleFormDrafts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('login')
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(
    @Query('session') session?: string,
    @Query('deconnecte') loggedOut?: string,
    @Query(DRAFT_PARAM) draft?: string,
  ): string {
    const kept = draftIdOf(draft);
    const expired = kept ? T.login.expiredWithDraft : T.login.expired;
    const notice = session === 'expiree' ? expired : loggedOut !== undefined ? T.login.loggedOut : null;
    return this.views.render(
      'login',
      { title: T.login.title },
      { notice, error: null, email: '', draft: kept },
    );
  }

  @Post('login')
  @ConsoleForm('login')
  async login(@Req() req: ConsoleFormRequest, @Res() res: Response): Promise<void> {
    const { email, password, code, [DRAFT_PARAM]: draft } = req.body.fields;
    try {
      const { sessionToken, operator } = await this.authentication.login({
        email: String(email ?? ''),
        password: String(password ?? ''),
        totpCode: String(code ?? ''),
        ip: req.ip ?? null,
        userAgent: req.headers['user-agent'] ?? null,
      });
      setConsoleCookie(res, sessionToken, this.config.console.secureCookies);
      res.redirect(303, (await this.drafts.resumeAt(draft, operator.id)) ?? '/console');
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      res
        .status(ERROR_STATUS[error.code])
        .type('html')
        .send(
          this.views.render(
            'login',
            { title: T.login.title },
            {
              notice: null,
              error: errorMessage(error.code, error.details),
              email: String(email ?? ''),
              draft: draftIdOf(draft),
            },
          ),
        );
    }
  }

  @Post('logout')
  @HttpCode(303)
  @UseGuards(ConsoleSessionGuard)
  @ConsoleForm('form')
  async logout(
    @CurrentSession() _session: ConsoleSession,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.sessions.end(readConsoleCookie(req));
    clearConsoleCookie(res, this.config.console.secureCookies);
    res.redirect(303, '/console/login?deconnecte=1');
  }
}
