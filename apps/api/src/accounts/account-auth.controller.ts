import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import {
  type AccessTokenPayload,
  AccountAuthenticationService,
} from '@libs/accounts/account-authentication.service';
import { SUCCESS_MESSAGES } from '@libs/platform/messages.fr';
import { AuthenticateDocs } from '../openapi/operations/account.docs';
import { type Envelope, successEnvelope } from '../platform/http/envelope';
import { AuthRequestDto } from './dto/auth-request.dto';
import { Public } from '../platform/security/public.decorator';
import { ApiKeyOnly } from '../platform/security/api-key-only.decorator';
import { JsonBody } from '../platform/http/json-body.decorator';

@Controller('account')
export class AccountAuthController {
  constructor(private readonly authentication: AccountAuthenticationService) {}

  @Public()
  @ApiKeyOnly()
  @JsonBody('credentials')
  @Post('auth')
  @AuthenticateDocs()
  @HttpCode(200)
  async authenticate(
    @Headers('x-auth-key') apiKey: string | undefined,
    @Body() body: AuthRequestDto,
  ): Promise<Envelope<AccessTokenPayload>> {
    const token = await this.authentication.login(apiKey, { email: body.email, password: body.password });
    return successEnvelope(token, SUCCESS_MESSAGES.loginSucceeded);
  }
}
