import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { SUCCESS_MESSAGES } from '@libs/platform/messages.fr';
import {
  type TestNotificationReceipt,
  TestNotificationService,
} from '@libs/notifications/test-notification.service';
import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { CurrentAccount } from '../platform/security/current-account.decorator';
import { type Envelope, successEnvelope } from '../platform/http/envelope';
import { Endpoint } from '../openapi/endpoint.decorator';
import { TestWebhookEventDto } from './dto/test-webhook-event.dto';
import { TEST_EVENT_EXAMPLES } from './dto/test-webhook-event.examples';
import {
  TEST_NOTIFICATION_RECEIPT_EXAMPLE,
  TEST_NOTIFICATION_RECEIPT_SCHEMA,
} from './test-notification-receipt.schema';
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
  @Endpoint({
    tag: 'testMode',
    operationId: 'sendTestWebhookEvent',
    summary: 'Simuler une notification (mode test)',
    description:
      'Publiée sous deux chemins, `POST /test/webhook-events` et `POST /order/test/webhook-events`, de même ' +
      'comportement. Envoie une notification du statut demandé par la vraie chaîne de livraison (signée, ' +
      'retentée, journalisée) sans changer l’état de la commande ; `done` porte un PDF spécimen. Seulement ' +
      'pour les commandes en mode test du compte (409 sinon).',
    body: {
      schema: TestWebhookEventDto,
      description: 'Commande et statut à simuler',
      examples: TEST_EVENT_EXAMPLES,
    },
    ok: {
      schema: TEST_NOTIFICATION_RECEIPT_SCHEMA,
      description: 'Notification de test envoyée',
      message: SUCCESS_MESSAGES.testNotificationSent,
      examples: {
        envoyee: { summary: 'Notification de test envoyée', value: TEST_NOTIFICATION_RECEIPT_EXAMPLE },
      },
    },
    errors: {
      404: { description: 'Commande inconnue', examples: ['orderNotFound'] },
      409: { description: 'Commande hors mode test', examples: ['testModeOnly'] },
    },
  })
  async send(
    @CurrentAccount() caller: AuthenticatedAccount,
    @Body() body: TestWebhookEventDto,
  ): Promise<Envelope<TestNotificationReceipt>> {
    const receipt = await this.testNotifications.send(caller, body.orderid, body.event);
    return successEnvelope(receipt, SUCCESS_MESSAGES.testNotificationSent);
  }
}
