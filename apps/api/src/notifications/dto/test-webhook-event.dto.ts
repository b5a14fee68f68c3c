import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsIn, IsString, MaxLength } from 'class-validator';
import { ORDER_STATES, type OrderState } from '@libs/orders/order-state';
import { VALIDATION_MESSAGES as M } from '@libs/platform/messages.fr';
import { PATH } from '../../platform/http/dto-validation.pipe';

/** Body of `POST /test/webhook-events`: which test-mode order, and which status to notify. */
export class TestWebhookEventDto {
  @ApiProperty({ description: 'Commande en mode test du compte', example: 'K7Q2ZP' })
  @IsDefined({ message: M.required(PATH) })
  @MaxLength(255, { message: M.maxLength(PATH, 255) })
  @IsString({ message: M.string(PATH) })
  orderid!: string;

  @ApiProperty({ enum: ORDER_STATES, description: 'Statut à simuler', example: 'done' })
  @IsDefined({ message: M.required(PATH) })
  @IsIn(ORDER_STATES, { message: M.oneOf(PATH, ORDER_STATES) })
  event!: OrderState;
}
