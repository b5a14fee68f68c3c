import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { type Request } from 'express';
import { AccountAuthenticationService } from '@libs/accounts/account-authentication.service';
import { API_KEY_ONLY } from './api-key-only.decorator';
import { ApiKeyRateLimit } from './api-key-rate-limit';
import { type AuthenticatedRequest } from './current-account.decorator';
import { IS_PUBLIC } from './public.decorator';

/**
 * Every route but the public ones requires `X-Auth-Key` and a bearer token of the key's account; the
 * login requires the key alone. Guards run before any body is read (JsonBodyInterceptor), so an
 * unauthenticated request costs a header check and at most one indexed lookup. The key's own rate
 * limit is charged once the key is known valid.
 */
@Injectable()
export class ApiAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly authentication: AccountAuthenticationService,
    private readonly keyRateLimit: ApiKeyRateLimit,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const req = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const presentedKey = headerValue(req.headers['x-auth-key']);
    if (this.reflector.getAllAndOverride<boolean>(API_KEY_ONLY, targets)) {
      const { key } = await this.authentication.requireApiKey(presentedKey);
      this.keyRateLimit.chargeLogin(key.id);
      return true;
    }
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    req.account = await this.authentication.authenticate(
      presentedKey,
      headerValue(req.headers.authorization),
    );
    this.keyRateLimit.chargeRequest(req.account.apiKeyId);
    return true;
  }
}

export function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}
