import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { type Request } from 'express';
import { type ConsoleSession, OperatorSessionService } from '@libs/operators/operator-session.service';
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
  constructor(private readonly sessions: OperatorSessionService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<ConsoleRequest>();
    const token = readConsoleCookie(req);
    const session = await this.sessions.resolve(token);
    if (!session) throw new ConsoleLoginRequired(token !== undefined);
    req.consoleSession = session;
    return true;
  }
}
