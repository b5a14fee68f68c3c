import { TestNotificationReceipt } from '@libs/notifications/test-notification.service';
import { ORDER_STATES } from '@libs/orders/order-state';
import { describeSchema } from '../openapi/described-schema';
import { EXAMPLE_ORDER_ID } from '../openapi/example-values';

export const TEST_NOTIFICATION_RECEIPT_SCHEMA = describeSchema(TestNotificationReceipt, {
  event: { type: String, enum: ORDER_STATES, description: 'État simulé', example: 'done' },
  notification_id: {
    type: String,
    description: 'Identifiant de la notification de test (`webhook-id`)',
    example: '6d1f0c8a-2b7e-4f3a-a0c1-5e9d8b7a6c54',
  },
  orderid: { type: String, description: 'Identifiant de la commande', example: EXAMPLE_ORDER_ID },
});

export const TEST_NOTIFICATION_RECEIPT_EXAMPLE: TestNotificationReceipt = {
  event: 'done',
  notification_id: '6d1f0c8a-2b7e-4f3a-a0c1-5e9d8b7a6c54',
  orderid: EXAMPLE_ORDER_ID,
};
