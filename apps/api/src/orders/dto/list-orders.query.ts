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
  @MaxLength(255, { message: M.queryMaxLength(PATH, 255) })
  // A query's value is a string unless its parameter is repeated (Express gives the array).
  @IsString({ message: M.queryRepeated(PATH) })
  external_id?: string;
}
