import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsDefined,
  IsEmail,
  IsIn,
  IsNotEmpty,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  ValidateIf,
  ValidateNested,
  ValidationArguments,
  registerDecorator,
} from 'class-validator';
import { VALIDATION_MESSAGES as M } from '@libs/platform/messages.fr';
import { type NewOrder } from '@libs/orders/creation/new-order';
import { decodeUploadedDocuments } from '@libs/orders/documents/uploaded-document';
import { PATH, SYNDIC_RULE } from '../../platform/http/dto-validation.pipe';
import { IsOutboundUrl, IsPublicDestination } from '../../platform/http/outbound-url.validation';
import { IsUploadedDocumentList, UploadedDocumentItem } from './upload-documents.dto';

export const ORDER_METHODS = ['extranet', 'upload'] as const;
const HTTP_URL = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

/** A required, non-blank string field with French messages (blank would be stored empty once trimmed). */
function RequiredText(max = 500): PropertyDecorator {
  return (target, key) => {
    IsDefined({ message: M.required(PATH) })(target, key);
    IsString({ message: M.string(PATH) })(target, key);
    IsNotEmpty({ message: M.notEmpty(PATH) })(target, key);
    Matches(/\S/, { message: M.notEmpty(PATH) })(target, key);
    MaxLength(max, { message: M.maxLength(PATH, max) })(target, key);
  };
}

const EXTERNAL_ID_MAX_LENGTH = 255;

function IsStringOrNumber(): PropertyDecorator {
  return (target, key) =>
    registerDecorator({
      name: 'isStringOrNumber',
      target: target.constructor,
      propertyName: String(key),
      options: {
        // A string too long is a string, and a number too large a number: the message says what is wrong.
        message: ({ value }) =>
          typeof value === 'string'
            ? M.maxLength(PATH, EXTERNAL_ID_MAX_LENGTH)
            : isInexactInteger(value)
              ? M.inexactNumber(PATH)
              : M.stringOrNumber(PATH),
      },
      validator: {
        validate: (value: unknown) =>
          (typeof value === 'string' && value.length <= EXTERNAL_ID_MAX_LENGTH) ||
          (typeof value === 'number' && Number.isFinite(value) && !isInexactInteger(value)),
      },
    });
}

/**
 * An integer beyond 2^53, which JSON parsing has already rounded (12345678901234567890 reads as
 * 12345678901234567000): stored as a string, it would not be the reference the client sent.
 */
function isInexactInteger(value: unknown): boolean {
  return typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value);
}

/** The index of the first item of `items` that is not an object: the one `owners[i]` names. */
function firstNonObject(items: unknown): number {
  return Array.isArray(items)
    ? items.findIndex((item) => item === null || typeof item !== 'object' || Array.isArray(item))
    : 0;
}

export class PersonNameDto {
  @ApiProperty({ description: 'Prénom', example: 'Marie', maxLength: 200 })
  @RequiredText(200)
  firstname!: string;

  @ApiProperty({ description: 'Nom', example: 'Dupont', maxLength: 200 })
  @RequiredText(200)
  lastname!: string;
}

/** The billing party. */
export class InvoiceDto {
  @ApiProperty({ example: '3 place Bellecour', maxLength: 500 })
  @RequiredText()
  address!: string;

  @ApiProperty({ example: 'Lyon', maxLength: 200 })
  @RequiredText(200)
  city!: string;

  @ApiProperty({ example: '69002', maxLength: 10 })
  @RequiredText(10)
  zipcode!: string;

  @ApiProperty({ description: 'Nom ou raison sociale facturé', example: 'Étude Martin', maxLength: 200 })
  @RequiredText(200)
  lastname!: string;
}

/** Every syndic problem yields the one text the published interface gives. */
export class SyndicDto {
  @ApiProperty({ description: 'Nom du syndic', example: 'Foncia', maxLength: 255 })
  @Matches(/\S/, { message: SYNDIC_RULE })
  @IsString({ message: SYNDIC_RULE })
  @IsNotEmpty({ message: SYNDIC_RULE })
  @MaxLength(255, { message: SYNDIC_RULE })
  name!: string;

  @ApiProperty({
    description:
      "Identifiant du vendeur sur l'extranet du syndic. En mode test, choisit le scénario : " +
      'sandbox-missing-docs, sandbox-bad-credentials, sandbox-slow, toute autre valeur (directement done)',
    example: 'marie.dupont',
    maxLength: 255,
  })
  @Matches(/\S/, { message: SYNDIC_RULE })
  @IsString({ message: SYNDIC_RULE })
  @IsNotEmpty({ message: SYNDIC_RULE })
  @MaxLength(255, { message: SYNDIC_RULE })
  username!: string;

  @ApiProperty({
    description: "Mot de passe de l'extranet : chiffré au repos, jamais renvoyé ni journalisé",
    example: 'mot-de-passe-extranet',
    maxLength: 1024,
  })
  @IsString({ message: SYNDIC_RULE })
  @IsNotEmpty({ message: SYNDIC_RULE })
  @MaxLength(1024, { message: SYNDIC_RULE })
  password!: string;

  @ApiPropertyOptional({
    description:
      "Adresse de l'extranet, quand le syndic n'a pas de connecteur dédié : http(s), sans identifiants, " +
      'publique (en production, les adresses de boucle locale, de réseau privé, de lien local et de ' +
      'métadonnées sont refusées). Sans elle ni connecteur dédié, la collecte attend un opérateur.',
    example: 'https://extranet.syndic.example.fr',
    maxLength: 2048,
  })
  @IsOptional()
  @IsOutboundUrl({ message: M.urlCredentials(PATH) })
  @MaxLength(2048, { message: M.maxLength(PATH, 2048) })
  @IsUrl(HTTP_URL, { message: M.url(PATH) })
  @IsString({ message: M.url(PATH) })
  url?: string;
}

export class CreateOrderDto {
  @ApiPropertyOptional({
    description: 'Adresse e-mail du compte ; quand elle est donnée, celle du compte authentifié (400 sinon)',
    example: 'etude@example.fr',
  })
  @IsOptional()
  @IsEmail({}, { message: M.email(PATH) })
  email?: string;

  @ApiProperty({ description: 'Adresse du bien', example: '12 rue des Lilas', maxLength: 500 })
  @RequiredText()
  address!: string;

  @ApiPropertyOptional({ description: "Complément d'adresse, peut être vide", example: '', maxLength: 500 })
  @IsOptional()
  @MaxLength(500, { message: M.maxLength(PATH, 500) })
  @IsString({ message: M.string(PATH) })
  additional?: string;

  @ApiProperty({ example: 'Lyon', maxLength: 200 })
  @RequiredText(200)
  city!: string;

  @ApiProperty({ description: 'Code postal, 5 chiffres', example: '69003', pattern: '^\\d{5}$' })
  @IsDefined({ message: M.required(PATH) })
  @Matches(/^\d{5}$/, { message: M.zipcode(PATH) })
  @IsString({ message: M.zipcode(PATH) })
  zipcode!: string;

  @ApiProperty({ type: [PersonNameDto], description: 'Vendeurs (1 à 10)', minItems: 1, maxItems: 10 })
  // class-validator runs the decorators nearest the property first: the type check is written last.
  @IsDefined({ message: M.required(PATH) })
  @ValidateNested({ each: true })
  @IsObject({
    each: true,
    message: (a: ValidationArguments) => M.object(`${a.property}[${firstNonObject(a.value)}]`),
  })
  @ArrayMaxSize(10, { message: M.arraySize(PATH, 1, 10) })
  @ArrayMinSize(1, { message: M.arraySize(PATH, 1, 10) })
  @IsArray({ message: M.array(PATH) })
  @Type(() => PersonNameDto)
  owners!: PersonNameDto[];

  @ApiProperty({ type: InvoiceDto, description: 'Partie facturée (quatre champs non vides)' })
  @IsDefined({ message: M.required(PATH) })
  @ValidateNested()
  @IsObject({ message: M.object(PATH) })
  @Type(() => InvoiceDto)
  invoice!: InvoiceDto;

  @ApiProperty({
    enum: ORDER_METHODS,
    description: 'extranet : le service collecte chez le syndic ; upload : le client envoie les documents',
    example: 'extranet',
  })
  @IsDefined({ message: M.required(PATH) })
  @IsIn(ORDER_METHODS, { message: M.oneOf(PATH, ORDER_METHODS) })
  method!: (typeof ORDER_METHODS)[number];

  @ApiPropertyOptional({
    type: SyndicDto,
    description:
      'Obligatoire avec la méthode extranet (400 « Informations du syndic manquantes ou incorrectes… » sinon)',
  })
  @ValidateIf((o: CreateOrderDto) => o.method === 'extranet')
  @IsDefined({ message: SYNDIC_RULE })
  @IsObject({ message: SYNDIC_RULE })
  @ValidateNested()
  @Type(() => SyndicDto)
  syndic?: SyndicDto;

  @ApiPropertyOptional({
    description:
      "Le vendeur déclare être à jour de ses paiements (false par défaut : les sommes sont lues sur l'extranet " +
      'ou le dernier appel de fonds)',
    default: false,
    example: false,
  })
  @IsOptional()
  @IsBoolean({ message: M.boolean(PATH) })
  all_due_paid?: boolean;

  @ApiPropertyOptional({
    oneOf: [{ type: 'string', maxLength: 255 }, { type: 'number' }],
    description:
      'Référence du client, renvoyée en chaîne dans la commande et dans chaque notification ; un entier ' +
      'au-delà de 2^53, que le JSON arrondit, est refusé : envoyez-le entre guillemets',
    example: 'DOSSIER-42',
  })
  @IsOptional()
  @IsStringOrNumber()
  external_id?: string | number | null;

  @ApiPropertyOptional({
    description: "Mode test : pas d'e-mail, extranet de démonstration, PDF « SPÉCIMEN »",
    default: false,
    example: true,
  })
  @IsOptional()
  @IsBoolean({ message: M.boolean(PATH) })
  test_mode?: boolean;

  @ApiPropertyOptional({ description: 'Numéros des lots vendus', example: '12, 47', maxLength: 500 })
  @IsOptional()
  @MaxLength(500, { message: M.maxLength(PATH, 500) })
  @IsString({ message: M.string(PATH) })
  lots?: string;

  @ApiPropertyOptional({ description: 'Commentaire libre', maxLength: 2000 })
  @IsOptional()
  @MaxLength(2000, { message: M.maxLength(PATH, 2000) })
  @IsString({ message: M.string(PATH) })
  comment?: string;

  @ApiPropertyOptional({
    description:
      'URL de rappel de cette commande, à la place de celle du compte (http ou https ; en production, ' +
      'les adresses de boucle locale, de réseau privé, de lien local et de métadonnées sont refusées ; ' +
      'un `utilisateur:mot-de-passe@` est envoyé en authentification HTTP Basic)',
    example: 'https://example.fr/webhooks/pre-etat-date',
    maxLength: 2048,
  })
  @IsOptional()
  @IsPublicDestination(M.callbackRefusedAddress)
  @MaxLength(2048, { message: M.maxLength(PATH, 2048) })
  @IsUrl(HTTP_URL, { message: M.url(PATH) })
  @IsString({ message: M.url(PATH) })
  callback_url?: string;

  /** Upload method's documents; also accepted (and stored) for `extranet`, as later uploads are. */
  @ApiPropertyOptional({
    type: [UploadedDocumentItem],
    description:
      'Méthode upload : 0 à 20 documents ; d’autres peuvent suivre par POST /order/{orderid}/documents',
    maxItems: 20,
  })
  @IsOptional()
  @IsUploadedDocumentList(0)
  documents?: UploadedDocumentItem[];
}

export function toNewOrder(dto: CreateOrderDto): NewOrder {
  const syndic = dto.method === 'extranet' && dto.syndic ? dto.syndic : null;
  return {
    email: dto.email ?? null,
    address: dto.address.trim(),
    additional: dto.additional ?? '',
    city: dto.city.trim(),
    zipcode: dto.zipcode,
    owners: dto.owners.map((o) => ({ firstname: o.firstname.trim(), lastname: o.lastname.trim() })),
    // Trimmed like the property's own fields: stored and answered back as meant, not as padded.
    invoice: {
      address: dto.invoice.address.trim(),
      city: dto.invoice.city.trim(),
      zipcode: dto.invoice.zipcode.trim(),
      lastname: dto.invoice.lastname.trim(),
    },
    method: dto.method,
    syndic: syndic
      ? { name: syndic.name, username: syndic.username, password: syndic.password, url: syndic.url ?? null }
      : null,
    allDuePaid: dto.all_due_paid ?? false,
    externalId: dto.external_id == null ? '' : String(dto.external_id),
    testMode: dto.test_mode ?? false,
    lots: dto.lots?.trim() || null,
    comment: dto.comment ?? null,
    callbackUrl: dto.callback_url ?? null,
    documents: dto.documents ? decodeUploadedDocuments(dto.documents, 0) : [],
  };
}
