import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, IsString, MaxLength } from 'class-validator';
import { VALIDATION_MESSAGES as M } from '@libs/platform/messages.fr';
import { PATH } from '../../platform/http/dto-validation.pipe';

export class AuthRequestDto {
  @ApiProperty({ description: 'Adresse e-mail du compte', example: 'etude@example.fr', maxLength: 320 })
  @IsDefined({ message: M.required(PATH) })
  @MaxLength(320, { message: M.maxLength(PATH, 320) })
  @IsString({ message: M.string(PATH) })
  email!: string;

  @ApiProperty({ description: 'Mot de passe du compte', example: 'un long mot de passe', maxLength: 1024 })
  @IsDefined({ message: M.required(PATH) })
  @MaxLength(1024, { message: M.maxLength(PATH, 1024) })
  @IsString({ message: M.string(PATH) })
  password!: string;
}
