import {
  NotificationAttemptView,
  NotificationLog,
  NotificationLogEntry,
} from '@libs/notifications/log/notification-log-entry';
import { ORDER_STATES } from '@libs/orders/order-state';
import { describeSchema } from '../openapi/described-schema';
import { EXAMPLE_NOTIFICATION_ID } from '../openapi/example-values';

const NOTIFICATION_ATTEMPT_SCHEMA = describeSchema(NotificationAttemptView, {
  attempted_at: {
    type: String,
    description: 'Date de la tentative (ISO 8601, UTC)',
    example: '2025-03-25T17:33:02.114Z',
  },
  error: { type: String, nullable: true, description: 'Erreur de transport ou de délai', example: null },
  http_status: {
    type: Number,
    nullable: true,
    description: 'Statut HTTP répondu par le client',
    example: 200,
  },
  latency_ms: {
    type: Number,
    nullable: true,
    description: 'Durée de la tentative en millisecondes',
    example: 84,
  },
  response_excerpt: { type: String, nullable: true, description: 'Premier Kio de la réponse', example: 'ok' },
  url: {
    type: String,
    nullable: true,
    description: 'URL de rappel appelée',
    example: 'https://example.fr/webhooks/pre-etat-date',
  },
});

const NOTIFICATION_LOG_ENTRY_SCHEMA = describeSchema(NotificationLogEntry, {
  attempt_count: { type: Number, description: 'Nombre de tentatives', example: 1 },
  attempts: { type: [NOTIFICATION_ATTEMPT_SCHEMA], description: 'Les tentatives de livraison' },
  created: {
    type: String,
    description: 'Date de création de la notification (ISO 8601, UTC)',
    example: '2025-03-25T17:33:02.010Z',
  },
  delivered: {
    type: String,
    nullable: true,
    description: 'Date de la livraison réussie (réponse 2xx), null avant',
    example: '2025-03-25T17:33:02.198Z',
  },
  failed: {
    type: String,
    nullable: true,
    description: 'Date d’abandon après l’échéance des nouvelles tentatives',
    example: null,
  },
  id: {
    type: String,
    description: 'Identifiant de la notification, identique à l’en-tête `webhook-id`',
    example: EXAMPLE_NOTIFICATION_ID,
  },
  last_error: { type: String, nullable: true, description: 'Dernière erreur de livraison', example: null },
  not_sent: {
    type: String,
    nullable: true,
    description:
      'Date à laquelle la notification a été close sans envoi, faute d’URL de rappel (ni la commande ni le ' +
      'compte n’en ont) : ni livrée ni en échec, elle part si on la relivre une fois l’URL configurée ' +
      '(avant, la relivraison est refusée : 409)',
    example: null,
  },
  status: { type: String, enum: ORDER_STATES, description: 'État notifié', example: 'done' },
  test: { type: Boolean, description: 'Envoyée par la route de test', example: false },
});

export const NOTIFICATION_LOG_SCHEMA = describeSchema(NotificationLog, {
  next_cursor: {
    type: String,
    nullable: true,
    description: 'Curseur de la page suivante (paramètre `cursor`) ; null sur la dernière page',
    example: 'MGI4ZTZhNTItM2YwYS00YzVlLTlmNjEtMmQ2YTFjN2U5YjEw',
  },
  notifications: { type: [NOTIFICATION_LOG_ENTRY_SCHEMA], description: 'Les plus anciennes d’abord' },
});
