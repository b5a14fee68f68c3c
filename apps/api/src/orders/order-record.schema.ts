import { OrderRecord } from '@libs/orders/order-record';
import { ORDER_STATES } from '@libs/orders/order-state';
import { describeSchema } from '../openapi/described-schema';
import { EXAMPLE_ACCOUNT_EMAIL, EXAMPLE_ORDER_ID } from '../openapi/example-values';

/** The published order record (payload of creation, refresh and reads). */
export const ORDER_RECORD_SCHEMA = describeSchema(OrderRecord, {
  account: {
    type: String,
    description: 'Adresse e-mail du compte propriétaire de la commande',
    example: EXAMPLE_ACCOUNT_EMAIL,
  },
  billing_mode: { type: String, nullable: true, description: 'Toujours null', example: null },
  created: {
    type: String,
    description: 'Date de création, format HTTP (RFC 7231 IMF-fixdate, GMT)',
    example: 'Tue, 25 Mar 2025 17:32:39 GMT',
  },
  external_id: {
    type: String,
    description: 'Référence du client, toujours une chaîne (vide quand le client n’en a pas donné)',
    example: 'DOSSIER-42',
  },
  orderid: {
    type: String,
    description: 'Identifiant de la commande : 6 caractères A-Z0-9',
    example: EXAMPLE_ORDER_ID,
  },
  pending: { type: Boolean, description: 'Vrai tant que la commande n’est pas à l’état done', example: true },
  refreshed: { type: Boolean, description: 'Vrai dès le premier rafraîchissement', example: false },
  sso_provider: { type: String, nullable: true, description: 'Toujours null', example: null },
  state: { type: String, enum: ORDER_STATES, description: 'État de la commande', example: 'confirmed' },
  test_mode: { type: Boolean, description: 'Vrai pour une commande passée en mode test', example: true },
  updated: {
    type: String,
    description: 'Date de la dernière modification, même format que created',
    example: 'Tue, 25 Mar 2025 17:32:39 GMT',
  },
});

export const ORDER_RECORD_EXAMPLE: OrderRecord = {
  account: EXAMPLE_ACCOUNT_EMAIL,
  billing_mode: null,
  created: 'Tue, 25 Mar 2025 17:32:39 GMT',
  external_id: 'DOSSIER-42',
  orderid: EXAMPLE_ORDER_ID,
  pending: true,
  refreshed: false,
  sso_provider: null,
  state: 'confirmed',
  test_mode: true,
  updated: 'Tue, 25 Mar 2025 17:32:39 GMT',
};
