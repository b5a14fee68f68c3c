import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { ORDER_STATES, type OrderState } from '@libs/orders/order-state';
import { VALIDATION_MESSAGES as M } from '@libs/platform/messages.fr';
import { PATH } from '../../platform/http/dto-validation.pipe';
import { PageQuery } from './page.query';

export class ListOrdersQuery extends PageQuery {
  @ApiPropertyOptional({ enum: ORDER_STATES, description: 'Seulement les commandes dans cet état' })
  @IsOptional()
  @IsIn(ORDER_STATES, { message: M.stateFilter(ORDER_STATES) })
  state?: OrderState;

  @ApiPropertyOptional({
    description: 'Seulement les commandes de cette référence client',
    example: 'DOSSIER-42',
  })
  @IsOptional()
  @MaxLength(255, { message: M.maxLength(PATH, 255) })
  @IsString({ message: M.string(PATH) })
  external_id?: string;
}
