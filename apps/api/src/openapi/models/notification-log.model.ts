import { ApiProperty } from '@nestjs/swagger';
import { ORDER_STATES } from '@libs/orders/order-state';

export class NotificationAttemptModel {
  @ApiProperty({ description: 'Date de la tentative (ISO 8601, UTC)', example: '2025-03-25T17:33:02.114Z' })
  attempted_at!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Erreur de transport ou de délai',
    example: null,
  })
  error!: string | null;

  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Statut HTTP répondu par le client',
    example: 200,
  })
  http_status!: number | null;

  @ApiProperty({ type: Number, nullable: true, example: 84 })
  latency_ms!: number | null;

  @ApiProperty({ type: String, nullable: true, description: 'Premier Kio de la réponse', example: 'ok' })
  response_excerpt!: string | null;

  @ApiProperty({ type: String, nullable: true, example: 'https://example.fr/webhooks/pre-etat-date' })
  url!: string | null;
}

export class NotificationLogEntryModel {
  @ApiProperty({ example: 1 })
  attempt_count!: number;

  @ApiProperty({ type: [NotificationAttemptModel] })
  attempts!: NotificationAttemptModel[];

  @ApiProperty({ example: '2025-03-25T17:33:02.010Z' })
  created!: string;

  @ApiProperty({ type: String, nullable: true, example: '2025-03-25T17:33:02.198Z' })
  delivered!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Date d’abandon après l’échéance des nouvelles tentatives',
    example: null,
  })
  failed!: string | null;

  @ApiProperty({
    description: 'Identifiant de la notification, identique à l’en-tête `webhook-id`',
    example: '0b8e6a52-3f0a-4c5e-9f61-2d6a1c7e9b10',
  })
  id!: string;

  @ApiProperty({ type: String, nullable: true, example: null })
  last_error!: string | null;

  @ApiProperty({ enum: ORDER_STATES, example: 'done' })
  status!: string;

  @ApiProperty({ description: 'Envoyée par la route de test', example: false })
  test!: boolean;
}

export class NotificationLogModel {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Curseur de la page suivante (paramètre `cursor`) ; null sur la dernière page',
    example: 'MGI4ZTZhNTItM2YwYS00YzVlLTlmNjEtMmQ2YTFjN2U5YjEw',
  })
  next_cursor!: string | null;

  @ApiProperty({ type: [NotificationLogEntryModel], description: 'Les plus anciennes d’abord' })
  notifications!: NotificationLogEntryModel[];
}

export class RedeliveryReceiptModel {
  @ApiProperty({ example: '0b8e6a52-3f0a-4c5e-9f61-2d6a1c7e9b10' })
  id!: string;

  @ApiProperty({ example: 'K7Q2ZP' })
  orderid!: string;

  @ApiProperty({ enum: ORDER_STATES, example: 'done' })
  status!: string;
}

export class TestNotificationReceiptModel {
  @ApiProperty({ enum: ORDER_STATES, example: 'done' })
  event!: string;

  @ApiProperty({ example: '6d1f0c8a-2b7e-4f3a-a0c1-5e9d8b7a6c54' })
  notification_id!: string;

  @ApiProperty({ example: 'K7Q2ZP' })
  orderid!: string;
}
