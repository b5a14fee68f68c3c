import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';

export type AuthenticatedRequest = { account?: AuthenticatedAccount };

export const CurrentAccount = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): AuthenticatedAccount => {
    const account = ctx.switchToHttp().getRequest<AuthenticatedRequest>().account;
    if (!account) throw new Error('CurrentAccount used on a route without the auth guard');
    return account;
  },
);
