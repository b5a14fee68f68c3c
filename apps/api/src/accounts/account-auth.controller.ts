import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import {
  type AccessTokenPayload,
  AccountAuthenticationService,
} from '@libs/accounts/account-authentication.service';
import { SUCCESS_MESSAGES } from '@libs/platform/messages.fr';
import { Endpoint } from '../openapi/endpoint.decorator';
import { type Envelope, successEnvelope } from '../platform/http/envelope';
import { ACCESS_TOKEN_EXAMPLE, ACCESS_TOKEN_SCHEMA } from './access-token.schema';
import { AuthRequestDto } from './dto/auth-request.dto';
import { AUTH_EXAMPLES } from './dto/auth-request.examples';
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
  @Endpoint({
    tag: 'auth',
    operationId: 'authenticate',
    summary: 'Authentifier un utilisateur',
    description:
      'Échange l’adresse e-mail et le mot de passe du compte contre un jeton d’accès (JWT), avec la clé ' +
      'API dans `X-Auth-Key` (pas de jeton sur cette route). Le jeton se renouvelle en s’authentifiant à ' +
      'nouveau. Même réponse et même durée que l’adresse existe ou non.',
    security: ['apiKey'],
    body: { schema: AuthRequestDto, description: 'Identifiants du compte', examples: AUTH_EXAMPLES },
    ok: {
      schema: ACCESS_TOKEN_SCHEMA,
      description: 'Connexion réussie',
      message: SUCCESS_MESSAGES.loginSucceeded,
      examples: { connexion: { summary: 'Connexion réussie', value: ACCESS_TOKEN_EXAMPLE } },
    },
    errors: {
      400: {
        description: 'Clé API manquante ou inconnue, champ manquant, JSON mal formé',
        examples: ['invalidApiKey', 'malformedJson'],
      },
      401: {
        description: 'Adresse e-mail ou mot de passe incorrect, ou clé API d’un autre compte',
        examples: ['invalidCredentials'],
      },
    },
  })
  @HttpCode(200)
  async authenticate(
    @Headers('x-auth-key') apiKey: string | undefined,
    @Body() body: AuthRequestDto,
  ): Promise<Envelope<AccessTokenPayload>> {
    const token = await this.authentication.login(apiKey, { email: body.email, password: body.password });
    return successEnvelope(token, SUCCESS_MESSAGES.loginSucceeded);
  }
}
