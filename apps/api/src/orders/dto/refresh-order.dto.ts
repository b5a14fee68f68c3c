import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsDefined,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { VALIDATION_MESSAGES as M } from '@libs/platform/messages.fr';
import { type RefreshRequest } from '@libs/orders/refresh/refresh-request';
import { PATH, SYNDIC_RULE } from '../../platform/http/dto-validation.pipe';
import { ORDER_METHODS, SyndicDto } from './create-order.dto';

/** Body of `POST /order/<orderid>/refresh`. Whether credentials are needed is the service's rule. */
export class RefreshOrderDto {
  @ApiPropertyOptional({ description: 'Même sens qu’à la création', default: false, example: true })
  @IsOptional()
  @IsBoolean({ message: M.boolean(PATH) })
  all_due_paid?: boolean;

  @ApiPropertyOptional({ description: 'Commentaire, peut être vide', example: 'Nouvel appel de fonds reçu' })
  @IsOptional()
  @MaxLength(2000, { message: M.maxLength(PATH, 2000) })
  @IsString({ message: M.string(PATH) })
  comment?: string;

  @ApiPropertyOptional({ enum: ORDER_METHODS, example: 'extranet' })
  @IsOptional()
  @IsIn(ORDER_METHODS, { message: M.oneOf(PATH, ORDER_METHODS) })
  method?: (typeof ORDER_METHODS)[number];

  /** May be omitted when the order already has credentials; a syndic that is given must be complete. */
  @ApiPropertyOptional({
    type: SyndicDto,
    nullable: true,
    description: 'Nouveaux identifiants ; facultatif quand la commande en a déjà, complet sinon',
  })
  @ValidateIf((o: RefreshOrderDto) => o.method !== 'upload' && o.syndic !== undefined && o.syndic !== null)
  @IsObject({ message: SYNDIC_RULE })
  @ValidateNested()
  @Type(() => SyndicDto)
  syndic?: SyndicDto | null;
}

/** Body of the deprecated `POST /order/needrefresh`: the refresh body plus the order and its account. */
export class NeedRefreshDto extends RefreshOrderDto {
  @ApiProperty({ description: 'Commande à rafraîchir', example: 'K7Q2ZP' })
  @IsDefined({ message: M.required(PATH) })
  @MaxLength(255, { message: M.maxLength(PATH, 255) })
  @IsString({ message: M.string(PATH) })
  orderid!: string;

  @ApiProperty({ description: 'Adresse e-mail du compte authentifié', example: 'etude@example.fr' })
  @IsDefined({ message: M.required(PATH) })
  @MaxLength(255, { message: M.maxLength(PATH, 255) })
  @IsString({ message: M.string(PATH) })
  account!: string;
}

export function toRefreshRequest(dto: RefreshOrderDto): RefreshRequest {
  const syndic = dto.method !== 'upload' && dto.syndic ? dto.syndic : null;
  return {
    allDuePaid: dto.all_due_paid ?? false,
    comment: dto.comment ?? '',
    method: dto.method ?? null,
    syndic: syndic
      ? { name: syndic.name, username: syndic.username, password: syndic.password, url: syndic.url ?? null }
      : null,
  };
}
