import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { ORDER_STATES, type OrderState } from '../../../../../libs/domain/order-state';
import { VALIDATION_MESSAGES as M } from '../../../../../libs/i18n/messages.fr';
import { PATH } from '../../http/dto-validation.pipe';

export class ListOrdersQuery {
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

  @ApiPropertyOptional({
    type: Number,
    minimum: 1,
    maximum: 100,
    default: 20,
    description: 'Taille de la page',
  })
  @IsOptional()
  @Type(() => Number)
  @Max(100, { message: M.integerRange(PATH, 1, 100) })
  @Min(1, { message: M.integerRange(PATH, 1, 100) })
  @IsInt({ message: M.integerRange(PATH, 1, 100) })
  limit?: number;

  @ApiPropertyOptional({ description: 'Valeur de next_cursor de la page précédente' })
  @IsOptional()
  @MaxLength(200, { message: M.cursor() })
  @IsString({ message: M.cursor() })
  cursor?: string;
}
