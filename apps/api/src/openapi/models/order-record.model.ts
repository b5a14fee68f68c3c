import { ApiProperty } from '@nestjs/swagger';
import { ORDER_STATES } from '@libs/orders/order-state';
import { EXAMPLE_ACCOUNT_EMAIL, EXAMPLE_ORDER_ID } from '../openapi-examples';

/** The published order record (payload of creation, refresh and reads); keys in alphabetical order. */
export class OrderRecordModel {
  @ApiProperty({
    description: 'Adresse e-mail du compte propriétaire de la commande',
    example: EXAMPLE_ACCOUNT_EMAIL,
  })
  account!: string;

  @ApiProperty({ type: String, nullable: true, description: 'Toujours null', example: null })
  billing_mode!: string | null;

  @ApiProperty({
    description: 'Date de création, format HTTP (RFC 7231 IMF-fixdate, GMT)',
    example: 'Tue, 25 Mar 2025 17:32:39 GMT',
  })
  created!: string;

  @ApiProperty({
    description: 'Référence du client, toujours une chaîne (vide quand le client n’en a pas donné)',
    example: 'DOSSIER-42',
  })
  external_id!: string;

  @ApiProperty({ description: 'Identifiant de la commande : 6 caractères A-Z0-9', example: EXAMPLE_ORDER_ID })
  orderid!: string;

  @ApiProperty({ description: 'Vrai tant que la commande n’est pas à l’état done', example: true })
  pending!: boolean;

  @ApiProperty({ description: 'Vrai dès le premier rafraîchissement', example: false })
  refreshed!: boolean;

  @ApiProperty({ type: String, nullable: true, description: 'Toujours null', example: null })
  sso_provider!: string | null;

  @ApiProperty({ enum: ORDER_STATES, description: 'État de la commande', example: 'confirmed' })
  state!: string;

  @ApiProperty({ description: 'Vrai pour une commande passée en mode test', example: true })
  test_mode!: boolean;

  @ApiProperty({
    description: 'Date de la dernière modification, même format que created',
    example: 'Tue, 25 Mar 2025 17:32:39 GMT',
  })
  updated!: string;
}
