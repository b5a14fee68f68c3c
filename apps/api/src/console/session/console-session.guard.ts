import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Request } from 'express';
import { type ConsoleSession, OperatorSessionService } from '@libs/operators/operator-session.service';
import { CONSOLE_FORM, type ConsoleFormKind } from '../http/console-form.decorator';
import { readConsoleCookie } from './console-cookie';
import { ConsoleLoginRequired } from './console-refusals';

export interface ConsoleRequest extends Request {
  consoleSession?: ConsoleSession;
}

/**
 * Every console page but the login requires a session: its cookie is checked before anything else is
 * done (no body is read before it, see ConsoleFormInterceptor). Client API keys and tokens mean nothing
 * here, nor sessions there: the two are separate.
 */
@Injectable()
export class ConsoleSessionGuard implements CanActivate {
  constructor(
    private readonly sessions: OperatorSessionService,
    private readonly reflector: Reflector,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<ConsoleRequest>();
    const token = readConsoleCookie(req);
    const found = await this.sessions.lookUp(token);
    if (found.kind === 'open') {
      req.consoleSession = found.session;
      return true;
    }
    const kind = this.reflector.get<ConsoleFormKind | undefined>(CONSOLE_FORM, context.getHandler());
    // A page's form, not an upload: its fields can be shown again, files cannot.
    const formOfOperator = found.kind === 'ended' && kind === 'form' ? found.operatorId : null;
    throw new ConsoleLoginRequired(token !== undefined, formOfOperator);
  }
}
