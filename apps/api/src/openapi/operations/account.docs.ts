import { applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { AuthRequestDto } from '../../accounts/dto/auth-request.dto';
import { AccessTokenModel } from '../models/access-token.model';
import { ApiEnvelopeOk, ApiErrorEnvelope, ApiJsonBody } from '../openapi-envelope';
import { AUTH_ENVELOPE_EXAMPLE, AUTH_EXAMPLES, ERROR_EXAMPLES } from '../openapi-examples';
import { OPENAPI_TAGS } from '../openapi-tags';

export const AuthenticateDocs = () =>
  applyDecorators(
    ApiTags(OPENAPI_TAGS.auth.name),
    ApiOperation({
      operationId: 'authenticate',
      summary: 'Authentifier un utilisateur',
      description:
        'Échange l’adresse e-mail et le mot de passe du compte contre un jeton d’accès (JWT), avec la clé ' +
        'API dans `X-Auth-Key` (pas de jeton sur cette route). Le jeton se renouvelle en s’authentifiant à ' +
        'nouveau. Même réponse et même durée que l’adresse existe ou non.',
    }),
    ApiSecurity('apiKey'),
    ApiJsonBody(AuthRequestDto, 'Identifiants du compte', AUTH_EXAMPLES),
    ApiEnvelopeOk(AccessTokenModel, 'Connexion réussie', {
      connexion: { summary: 'Connexion réussie', value: AUTH_ENVELOPE_EXAMPLE },
    }),
    ApiErrorEnvelope(400, 'Clé API manquante ou inconnue, champ manquant, JSON mal formé', {
      invalidApiKey: ERROR_EXAMPLES.invalidApiKey,
      malformedJson: ERROR_EXAMPLES.malformedJson,
    }),
    ApiErrorEnvelope(401, 'Adresse e-mail ou mot de passe incorrect, ou clé API d’un autre compte', {
      invalidCredentials: ERROR_EXAMPLES.invalidCredentials,
    }),
  );
