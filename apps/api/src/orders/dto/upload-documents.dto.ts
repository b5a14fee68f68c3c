import { ApiProperty } from '@nestjs/swagger';
import { IsDefined, type ValidationArguments, registerDecorator } from 'class-validator';
import { VALIDATION_MESSAGES as M } from '@libs/platform/messages.fr';
import { checkUploadedDocuments } from '@libs/orders/documents/uploaded-document';
import { PATH } from '../../platform/http/dto-validation.pipe';

/**
 * One uploaded document as it travels in JSON; checked by `checkUploadedDocuments` (a class only so that
 * the OpenAPI document can describe it).
 */
export class UploadedDocumentItem {
  @ApiProperty({
    description:
      'Type : 1 fiche synthétique, 2 procès-verbal, 3 règlement de copropriété, 4 diagnostic, 5 amiante, ' +
      '6 plomb, 7 carnet d’entretien, 8 plans, 9 immatriculation, 10 autre',
    minimum: 1,
    maximum: 10,
    example: 2,
  })
  doctype!: number;

  @ApiProperty({ description: 'Nom du fichier, sans chemin', example: 'pv-ag-2024.pdf', maxLength: 255 })
  filename!: string;

  @ApiProperty({ enum: ['application/pdf', 'image/jpeg', 'image/png'], example: 'application/pdf' })
  mimetype!: string;

  @ApiProperty({ description: 'Contenu en base64 standard (avec remplissage)', format: 'byte' })
  content!: string;
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
  @ApiProperty({ type: [UploadedDocumentItem], description: '1 à 20 documents', minItems: 1, maxItems: 20 })
  @IsUploadedDocumentList(1)
  @IsDefined({ message: M.required(PATH) })
  documents!: UploadedDocumentItem[];
}
