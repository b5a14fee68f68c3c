import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsDefined, type ValidationArguments, registerDecorator } from 'class-validator';
import { VALIDATION_MESSAGES as M } from '@libs/platform/messages.fr';
import { DOCUMENT_KINDS } from '@libs/orders/document-kind';
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

  @ApiPropertyOptional({
    description:
      'Nature précise du document, l’une de celles de son type : 1 summary-sheet ; 2 minutes ; 3 rules ' +
      '(règlement seul), division (état descriptif de division), rules-and-division (les deux), ' +
      'rules-amendment (acte modificatif publié) ; 4 dtg, works-plan (plan pluriannuel de travaux adopté), ' +
      'works-plan-project (projet de plan), energy-audit, energy-performance (DPE collectif) ; 5 dta ; ' +
      '6 crep ; 7 maintenance-log ; 8 plans ; 9 registration ; 10 other. Sans elle, un document de type 3 ' +
      'ou 4 n’établit pas lequel il est : le pré-état daté le signale « à vérifier » au lieu de le compter ' +
      'comme l’état descriptif de division, le DTG ou le plan de travaux.',
    enum: DOCUMENT_KINDS,
    example: 'rules-and-division',
  })
  kind?: string;

  @ApiProperty({ description: 'Nom du fichier, sans chemin', example: 'pv-ag-2024.pdf', maxLength: 255 })
  filename!: string;

  @ApiProperty({ enum: ['application/pdf', 'image/jpeg', 'image/png'], example: 'application/pdf' })
  mimetype!: string;

  @ApiProperty({
    description:
      'Contenu en base64 standard, avec son remplissage ; les retours à la ligne (base64 MIME, ' +
      'coupé à 76 colonnes) sont admis',
    format: 'byte',
  })
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
