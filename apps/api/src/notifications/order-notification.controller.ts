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
import { NotificationLogDocs, RedeliverNotificationDocs } from '../openapi/operations/notification.docs';
import { PageQuery } from '../orders/dto/page.query';

/** An order's delivery log, and the redelivery of one of its notifications. */
@Controller('order')
export class OrderNotificationController {
  constructor(
    private readonly log: NotificationLogService,
    private readonly redeliveries: NotificationRedeliveryService,
  ) {}

  @Get(':orderid/notifications')
  @NotificationLogDocs()
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
  @RedeliverNotificationDocs()
  async redeliver(
    @CurrentAccount() caller: AuthenticatedAccount,
    @Param('orderid') orderid: string,
    @Param('id') id: string,
  ): Promise<Envelope<RedeliveryReceipt>> {
    return successEnvelope(await this.redeliveries.redeliver(caller, orderid, id));
  }
}
