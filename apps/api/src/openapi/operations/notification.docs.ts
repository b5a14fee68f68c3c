import { applyDecorators } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import { TestWebhookEventDto } from '../../notifications/dto/test-webhook-event.dto';
import {
  NotificationLogModel,
  RedeliveryReceiptModel,
  TestNotificationReceiptModel,
} from '../models/notification-log.model';
import { ApiEnvelopeOk, ApiErrorEnvelope, ApiJsonBody } from '../openapi-envelope';
import { ERROR_EXAMPLES, TEST_EVENT_EXAMPLES } from '../openapi-examples';
import { OPENAPI_TAGS } from '../openapi-tags';
import { OrderIdParam } from './order.docs';

const NOTIFICATION_ID = '0b8e6a52-3f0a-4c5e-9f61-2d6a1c7e9b10';

export const NotificationLogDocs = () =>
  applyDecorators(
    ApiTags(OPENAPI_TAGS.notifications.name),
    ApiOperation({
      operationId: 'listNotifications',
      summary: 'Journal de livraison des notifications d’une commande',
      description:
        'Chaque notification (son `id` est l’en-tête `webhook-id`) avec toutes ses tentatives : date, statut ' +
        'HTTP, latence, erreur, premier Kio de la réponse. Une notification est retentée pendant au moins ' +
        '3 jours (5 s, 5 min, 30 min, 2 h, 5 h, 10 h…).',
    }),
    OrderIdParam(),
    ApiEnvelopeOk(NotificationLogModel, 'Le journal de livraison'),
    ApiErrorEnvelope(404, 'Commande inconnue', { orderNotFound: ERROR_EXAMPLES.orderNotFound }),
  );

export const RedeliverNotificationDocs = (idParam = 'id') =>
  applyDecorators(
    ApiTags(OPENAPI_TAGS.notifications.name),
    ApiOperation({
      operationId: 'redeliverNotification',
      summary: 'Relivrer une notification',
      description:
        'Envoie à nouveau la notification, signée avec le même `webhook-id` (le récepteur peut dédupliquer), ' +
        'avec de nouveaux liens de documents et de nouvelles tentatives en cas d’échec.',
    }),
    OrderIdParam(),
    ApiParam({
      name: idParam,
      description: 'Identifiant de la notification (webhook-id)',
      example: NOTIFICATION_ID,
    }),
    ApiEnvelopeOk(RedeliveryReceiptModel, 'Relivraison lancée'),
    ApiErrorEnvelope(404, 'Commande ou notification inconnue', {
      orderNotFound: ERROR_EXAMPLES.orderNotFound,
      notificationNotFound: ERROR_EXAMPLES.notificationNotFound,
    }),
  );

export const TestWebhookEventDocs = () =>
  applyDecorators(
    ApiTags(OPENAPI_TAGS.testMode.name),
    ApiOperation({
      operationId: 'sendTestWebhookEvent',
      summary: 'Simuler une notification (mode test)',
      description:
        'Publiée sous deux chemins, `POST /test/webhook-events` et `POST /order/test/webhook-events`, de même ' +
        'comportement. Envoie une notification du statut demandé par la vraie chaîne de livraison (signée, ' +
        'retentée, journalisée) sans changer l’état de la commande ; `done` porte un PDF spécimen. Seulement ' +
        'pour les commandes en mode test du compte (409 sinon).',
    }),
    ApiJsonBody(TestWebhookEventDto, 'Commande et statut à simuler', TEST_EVENT_EXAMPLES),
    ApiEnvelopeOk(TestNotificationReceiptModel, 'Notification de test envoyée', {
      envoyee: {
        summary: 'Notification de test envoyée',
        value: {
          message: 'Notification de test envoyée',
          payload: {
            event: 'done',
            notification_id: '6d1f0c8a-2b7e-4f3a-a0c1-5e9d8b7a6c54',
            orderid: 'K7Q2ZP',
          },
          success: true,
        },
      },
    }),
    ApiErrorEnvelope(404, 'Commande inconnue', { orderNotFound: ERROR_EXAMPLES.orderNotFound }),
    ApiErrorEnvelope(409, 'Commande hors mode test', { testModeOnly: ERROR_EXAMPLES.testModeOnly }),
  );

export const DocumentLinkDocs = () =>
  applyDecorators(
    ApiTags(OPENAPI_TAGS.notifications.name),
    ApiOperation({
      operationId: 'openDocumentLink',
      summary: 'Télécharger un document par son lien signé',
      description:
        'Les `url` des documents d’une notification `done` : liens signés qui expirent (7 jours par défaut). ' +
        'La signature tient lieu d’autorisation : ni clé API ni jeton. Un lien expiré se renouvelle en ' +
        'relivrant la notification.',
    }),
    ApiParam({ name: 'id', description: 'Identifiant du document', example: '17' }),
    ApiQuery({ name: 'expires', required: true, description: 'Échéance du lien (secondes Unix)' }),
    ApiQuery({ name: 'signature', required: true, description: 'Signature du lien' }),
    ApiResponse({
      status: 200,
      description: 'Le document',
      content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
    }),
    ApiErrorEnvelope(404, 'Lien invalide', { documentLinkInvalid: ERROR_EXAMPLES.documentLinkInvalid }),
    ApiErrorEnvelope(410, 'Lien expiré', { documentLinkExpired: ERROR_EXAMPLES.documentLinkExpired }),
  );
