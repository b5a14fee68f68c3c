import { IsDefined, IsString, MaxLength } from 'class-validator';
import { VALIDATION_MESSAGES as M } from '../../../../../libs/i18n/messages.fr';
import { PATH } from '../../http/dto-validation.pipe';

export class AuthRequestDto {
  @IsDefined({ message: M.required(PATH) })
  @IsString({ message: M.string(PATH) })
  @MaxLength(320, { message: M.maxLength(PATH, 320) })
  email!: string;

  @IsDefined({ message: M.required(PATH) })
  @IsString({ message: M.string(PATH) })
  @MaxLength(1024, { message: M.maxLength(PATH, 1024) })
  password!: string;
}
