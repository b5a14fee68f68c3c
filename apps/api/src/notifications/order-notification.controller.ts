import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { type NotificationLog } from '@libs/notifications/log/notification-log-entry';
import { NotificationLogService } from '@libs/notifications/log/notification-log.service';
import {
  type RedeliveryReceipt,
  NotificationRedeliveryService,
} from '@libs/notifications/notification-redelivery.service';
import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { CurrentAccount } from '../platform/security/current-account.decorator';
import { type Envelope, successEnvelope } from '../platform/http/envelope';
import { Endpoint } from '../openapi/endpoint.decorator';
import { EXAMPLE_NOTIFICATION_ID } from '../openapi/example-values';
import { PageQuery } from '../orders/dto/page.query';
import { ORDER_ID_PARAM } from '../orders/order-id.param';
import { NOTIFICATION_LOG_SCHEMA } from './notification-log.schema';
import { REDELIVERY_RECEIPT_SCHEMA } from './redelivery-receipt.schema';

/** An order's delivery log, and the redelivery of one of its notifications. */
@Controller('order')
export class OrderNotificationController {
  constructor(
    private readonly log: NotificationLogService,
    private readonly redeliveries: NotificationRedeliveryService,
  ) {}

  @Get(':orderid/notifications')
  @Endpoint({
    tag: 'notifications',
    operationId: 'listNotifications',
    summary: 'Journal de livraison des notifications d’une commande',
    description:
      'Chaque notification (son `id` est l’en-tête `webhook-id`) avec toutes ses tentatives : date, statut ' +
      'HTTP, latence, erreur, premier Kio de la réponse. Une notification est retentée pendant au moins ' +
      '3 jours (5 s, 5 min, 30 min, 2 h, 5 h, 10 h…).',
    params: [ORDER_ID_PARAM],
    ok: { schema: NOTIFICATION_LOG_SCHEMA, description: 'Le journal de livraison' },
    errors: { 404: { description: 'Commande inconnue', examples: ['orderNotFound'] } },
  })
  async list(
    @CurrentAccount() caller: AuthenticatedAccount,
    @Param('orderid') orderid: string,
    @Query() query: PageQuery,
  ): Promise<Envelope<NotificationLog>> {
    const page = await this.log.list(caller, orderid, {
      limit: query.limit ?? 100,
      cursor: query.cursor ?? null,
    });
    return successEnvelope(page);
  }

  @Post(':orderid/notifications/:id/redeliver')
  @HttpCode(200)
  @Endpoint({
    tag: 'notifications',
    operationId: 'redeliverNotification',
    summary: 'Relivrer une notification',
    description:
      'Envoie à nouveau la notification, signée avec le même `webhook-id` (le récepteur peut dédupliquer), ' +
      'avec de nouveaux liens de documents et de nouvelles tentatives en cas d’échec.',
    params: [
      ORDER_ID_PARAM,
      {
        name: 'id',
        description: 'Identifiant de la notification (webhook-id)',
        example: EXAMPLE_NOTIFICATION_ID,
      },
    ],
    ok: { schema: REDELIVERY_RECEIPT_SCHEMA, description: 'Relivraison lancée' },
    errors: {
      404: {
        description: 'Commande ou notification inconnue',
        examples: ['orderNotFound', 'notificationNotFound'],
      },
      409: {
        description:
          'Ni la commande ni le compte n’ont d’URL de rappel : rien ne pourrait être envoyé (la ' +
          'notification reste `not_sent`)',
        examples: ['noCallbackUrl'],
      },
    },
  })
  async redeliver(
    @CurrentAccount() caller: AuthenticatedAccount,
    @Param('orderid') orderid: string,
    @Param('id') id: string,
  ): Promise<Envelope<RedeliveryReceipt>> {
    return successEnvelope(await this.redeliveries.redeliver(caller, orderid, id));
  }
}
