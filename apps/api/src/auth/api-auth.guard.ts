import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Request } from 'express';
import { AccountAuthenticationService } from '../../../../libs/accounts/account-authentication.service';
import { type AuthenticatedRequest } from './current-account.decorator';
import { IS_PUBLIC } from './public.decorator';

/** Every route but the public ones requires `X-Auth-Key` and a bearer token of the key's account. */
@Injectable()
export class ApiAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authentication: AccountAuthenticationService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (isPublic) return true;
    const req = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    req.account = await this.authentication.authenticate(
      headerValue(req.headers['x-auth-key']),
      headerValue(req.headers.authorization),
    );
    return true;
  }
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
