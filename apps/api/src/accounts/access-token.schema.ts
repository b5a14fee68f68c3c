import { AccessTokenPayload } from '@libs/accounts/account-authentication.service';
import { describeSchema } from '../openapi/described-schema';

export const ACCESS_TOKEN_SCHEMA = describeSchema(AccessTokenPayload, {
  access_token: {
    type: String,
    description: 'Jeton d’accès (JWT) à envoyer dans `Authorization: Bearer <jeton>` avec `X-Auth-Key`',
    example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJldHVkZUBleGFtcGxlLmZyIn0.c2lnbmF0dXJl',
  },
  expires_in: {
    type: Number,
    description: 'Durée de validité du jeton en secondes ; pour le renouveler, s’authentifier à nouveau',
    example: 3600,
  },
});

export const ACCESS_TOKEN_EXAMPLE: AccessTokenPayload = {
  access_token:
    'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJldHVkZUBleGFtcGxlLmZyIn0.c2lnbmF0dXJlLWQtZXhlbXBsZQ',
  expires_in: 3600,
};
