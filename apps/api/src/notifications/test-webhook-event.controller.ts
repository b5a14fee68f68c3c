import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { SUCCESS_MESSAGES } from '@libs/platform/messages.fr';
import {
  type TestNotificationReceipt,
  TestNotificationService,
} from '@libs/notifications/test-notification.service';
import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { CurrentAccount } from '../platform/security/current-account.decorator';
import { type Envelope, successEnvelope } from '../platform/http/envelope';
import { TestWebhookEventDocs } from '../openapi/operations/notification.docs';
import { TestWebhookEventDto } from './dto/test-webhook-event.dto';
import { JsonBody } from '../platform/http/json-body.decorator';

/**
 * Test events (docs/contract.md §5), on both published paths. Registered before the order controllers
 * so no `/order/:orderid` route captures `/order/test/…`.
 */
@Controller()
export class TestWebhookEventController {
  constructor(private readonly testNotifications: TestNotificationService) {}

  @Post(['test/webhook-events', 'order/test/webhook-events'])
  @JsonBody('standard')
  @HttpCode(200)
  @TestWebhookEventDocs()
  async send(
    @CurrentAccount() caller: AuthenticatedAccount,
    @Body() body: TestWebhookEventDto,
  ): Promise<Envelope<TestNotificationReceipt>> {
    const receipt = await this.testNotifications.send(caller, body.orderid, body.event);
    return successEnvelope(receipt, SUCCESS_MESSAGES.testNotificationSent);
  }
}
