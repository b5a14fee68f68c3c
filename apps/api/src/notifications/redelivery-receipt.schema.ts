import { RedeliveryReceipt } from '@libs/notifications/notification-redelivery.service';
import { ORDER_STATES } from '@libs/orders/order-state';
import { describeSchema } from '../openapi/described-schema';
import { EXAMPLE_NOTIFICATION_ID, EXAMPLE_ORDER_ID } from '../openapi/example-values';

export const REDELIVERY_RECEIPT_SCHEMA = describeSchema(RedeliveryReceipt, {
  id: {
    type: String,
    description: 'Identifiant de la notification relivrée (`webhook-id`)',
    example: EXAMPLE_NOTIFICATION_ID,
  },
  orderid: { type: String, description: 'Identifiant de la commande', example: EXAMPLE_ORDER_ID },
  status: { type: String, enum: ORDER_STATES, description: 'État notifié', example: 'done' },
});
