import { IsDefined, type ValidationArguments, registerDecorator } from 'class-validator';
import { VALIDATION_MESSAGES as M } from '../../../../../libs/i18n/messages.fr';
import { checkUploadedDocuments } from '../../../../../libs/orders/uploaded-document';
import { PATH } from '../../http/dto-validation.pipe';

/** One uploaded document as it travels in JSON; checked by `checkUploadedDocuments`. */
export interface UploadedDocumentItem {
  doctype: number;
  filename: string;
  mimetype: string;
  /** base64 */
  content: string;
}

/**
 * A `documents` list of upload items. The rules live in libs (one implementation for creation and
 * later uploads); the messages name each invalid item's index.
 */
export function IsUploadedDocumentList(minItems: number): PropertyDecorator {
  return (target, key) =>
    registerDecorator({
      name: 'isUploadedDocumentList',
      target: target.constructor,
      propertyName: String(key),
      options: {
        message: (args: ValidationArguments) =>
          checkUploadedDocuments(args.value, minItems, args.property).errors.join(' ; '),
      },
      validator: {
        validate: (value: unknown, args?: ValidationArguments) =>
          checkUploadedDocuments(value, minItems, args?.property).errors.length === 0,
      },
    });
}

/** Body of `POST /order/<orderid>/documents`. */
export class UploadDocumentsDto {
  @IsUploadedDocumentList(1)
  @IsDefined({ message: M.required(PATH) })
  documents!: UploadedDocumentItem[];
}
