import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { VALIDATION_MESSAGES as M } from '@libs/platform/messages.fr';
import { PATH } from '../../platform/http/dto-validation.pipe';

/** `limit` and `cursor` of the listing routes (keyset paging: `cursor` is the previous `next_cursor`). */
export class PageQuery {
  @ApiPropertyOptional({
    type: Number,
    minimum: 1,
    maximum: 100,
    description: 'Taille de la page (20 commandes ou 100 notifications par défaut)',
  })
  @IsOptional()
  // Decimal digits only: Number() would also take '0x10', '1e1' or ' 5' for a page size.
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^[0-9]{1,3}$/.test(value)
      ? Number(value)
      : value === undefined
        ? value
        : NaN,
  )
  @Max(100, { message: M.queryIntegerRange(PATH, 1, 100) })
  @Min(1, { message: M.queryIntegerRange(PATH, 1, 100) })
  @IsInt({ message: M.queryIntegerRange(PATH, 1, 100) })
  limit?: number;

  @ApiPropertyOptional({ description: 'Valeur de next_cursor de la page précédente' })
  @IsOptional()
  @MaxLength(200, { message: M.cursor() })
  @IsString({ message: M.cursor() })
  cursor?: string;
}
