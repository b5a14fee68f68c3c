import { type CanActivate, type ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { type Request } from 'express';
import { DomainError } from '@libs/platform/domain-error';
import { headerValue } from '../platform/security/api-auth.guard';
import { CodecAccessPolicy } from './codec-access.policy';

/** The codec routes take no API key: they check the codec token (see CodecAccessPolicy). */
@Injectable()
export class CodecAuthGuard implements CanActivate {
  constructor(@Inject(CodecAccessPolicy) private readonly policy: CodecAccessPolicy) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (!this.policy.allows(headerValue(req.headers.authorization), req.socket.remoteAddress)) {
      throw new DomainError('unauthenticated');
    }
    return true;
  }
}
