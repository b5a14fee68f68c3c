import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import { type ConsoleSession } from '@libs/operators/operator-session.service';
import { type ConsoleRequest } from './console-session.guard';

/** The session ConsoleSessionGuard established: its operator and its CSRF token. */
export const CurrentSession = createParamDecorator(
  (_data: unknown, context: ExecutionContext): ConsoleSession => {
    const session = context.switchToHttp().getRequest<ConsoleRequest>().consoleSession;
    if (!session) throw new Error('CurrentSession used on a route without ConsoleSessionGuard');
    return session;
  },
);
