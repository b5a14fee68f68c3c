import { ApiProperty } from '@nestjs/swagger';

export class AccessTokenModel {
  @ApiProperty({
    description: 'Jeton d’accès (JWT) à envoyer dans `Authorization: Bearer <jeton>` avec `X-Auth-Key`',
    example: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiJldHVkZUBleGFtcGxlLmZyIn0.c2lnbmF0dXJl',
  })
  access_token!: string;

  @ApiProperty({
    description: 'Durée de validité du jeton en secondes ; pour le renouveler, s’authentifier à nouveau',
    example: 3600,
  })
  expires_in!: number;
}
