import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ORDER_STATES, type OrderState } from '../../../../../libs/domain/order-state';
import { VALIDATION_MESSAGES as M } from '../../../../../libs/i18n/messages.fr';
import { PATH } from '../../http/dto-validation.pipe';

export class ListOrdersQuery {
  @IsOptional()
  @IsIn(ORDER_STATES, { message: M.stateFilter(ORDER_STATES) })
  state?: OrderState;

  @IsOptional()
  @IsString({ message: M.string(PATH) })
  @MaxLength(255, { message: M.maxLength(PATH, 255) })
  external_id?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: M.integerRange(PATH, 1, 100) })
  @Min(1, { message: M.integerRange(PATH, 1, 100) })
  @Max(100, { message: M.integerRange(PATH, 1, 100) })
  limit?: number;

  @IsOptional()
  @IsString({ message: M.cursor() })
  @MaxLength(200, { message: M.cursor() })
  cursor?: string;
}
