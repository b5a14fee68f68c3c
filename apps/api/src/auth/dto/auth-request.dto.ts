import { IsDefined, IsString, MaxLength } from 'class-validator';
import { VALIDATION_MESSAGES as M } from '../../../../../libs/i18n/messages.fr';
import { PATH } from '../../http/dto-validation.pipe';

export class AuthRequestDto {
  @IsDefined({ message: M.required(PATH) })
  @MaxLength(320, { message: M.maxLength(PATH, 320) })
  @IsString({ message: M.string(PATH) })
  email!: string;

  @IsDefined({ message: M.required(PATH) })
  @MaxLength(1024, { message: M.maxLength(PATH, 1024) })
  @IsString({ message: M.string(PATH) })
  password!: string;
}
