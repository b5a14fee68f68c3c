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
import { VALIDATION_MESSAGES as M } from '../../../../../libs/i18n/messages.fr';
import { type NewOrder } from '../../../../../libs/orders/new-order';
import { decodeUploadedDocuments } from '../../../../../libs/orders/uploaded-document';
import { PATH, SYNDIC_RULE } from '../../http/dto-validation.pipe';
import { IsUploadedDocumentList, type UploadedDocumentItem } from './upload-documents.dto';

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

function IsStringOrNumber(): PropertyDecorator {
  return (target, key) =>
    registerDecorator({
      name: 'isStringOrNumber',
      target: target.constructor,
      propertyName: String(key),
      options: { message: M.stringOrNumber(PATH) },
      validator: {
        validate: (value: unknown) =>
          (typeof value === 'string' && value.length <= 255) ||
          (typeof value === 'number' && Number.isFinite(value)),
      },
    });
}

export class PersonNameDto {
  @RequiredText(200) firstname!: string;
  @RequiredText(200) lastname!: string;
}

export class InvoiceDto {
  @RequiredText() address!: string;
  @RequiredText(200) city!: string;
  @RequiredText(10) zipcode!: string;
  @RequiredText(200) lastname!: string;
}

/** Every syndic problem yields the one text the published interface gives. */
export class SyndicDto {
  @Matches(/\S/, { message: SYNDIC_RULE })
  @IsString({ message: SYNDIC_RULE })
  @IsNotEmpty({ message: SYNDIC_RULE })
  @MaxLength(255, { message: SYNDIC_RULE })
  name!: string;

  @Matches(/\S/, { message: SYNDIC_RULE })
  @IsString({ message: SYNDIC_RULE })
  @IsNotEmpty({ message: SYNDIC_RULE })
  @MaxLength(255, { message: SYNDIC_RULE })
  username!: string;

  @IsString({ message: SYNDIC_RULE })
  @IsNotEmpty({ message: SYNDIC_RULE })
  @MaxLength(1024, { message: SYNDIC_RULE })
  password!: string;

  @IsOptional()
  @IsUrl(HTTP_URL, { message: M.url('syndic.url') })
  url?: string;
}

export class CreateOrderDto {
  @IsOptional()
  @IsEmail({}, { message: M.email(PATH) })
  email?: string;

  @RequiredText() address!: string;

  @IsOptional()
  @MaxLength(500, { message: M.maxLength(PATH, 500) })
  @IsString({ message: M.string(PATH) })
  additional?: string;

  @RequiredText(200) city!: string;

  @IsDefined({ message: M.required(PATH) })
  @Matches(/^\d{5}$/, { message: M.zipcode(PATH) })
  @IsString({ message: M.zipcode(PATH) })
  zipcode!: string;

  // class-validator runs the decorators nearest the property first: the type check is written last.
  @IsDefined({ message: M.required(PATH) })
  @ValidateNested({ each: true })
  @IsObject({ each: true, message: (a: ValidationArguments) => M.object(`${a.property}[]`) })
  @ArrayMaxSize(10, { message: M.arraySize(PATH, 1, 10) })
  @ArrayMinSize(1, { message: M.arraySize(PATH, 1, 10) })
  @IsArray({ message: M.array(PATH) })
  @Type(() => PersonNameDto)
  owners!: PersonNameDto[];

  @IsDefined({ message: M.required(PATH) })
  @ValidateNested()
  @IsObject({ message: M.object(PATH) })
  @Type(() => InvoiceDto)
  invoice!: InvoiceDto;

  @IsDefined({ message: M.required(PATH) })
  @IsIn(ORDER_METHODS, { message: M.oneOf(PATH, ORDER_METHODS) })
  method!: (typeof ORDER_METHODS)[number];

  @ValidateIf((o: CreateOrderDto) => o.method === 'extranet')
  @IsDefined({ message: SYNDIC_RULE })
  @IsObject({ message: SYNDIC_RULE })
  @ValidateNested()
  @Type(() => SyndicDto)
  syndic?: SyndicDto;

  @IsOptional()
  @IsBoolean({ message: M.boolean(PATH) })
  all_due_paid?: boolean;

  @IsOptional()
  @IsStringOrNumber()
  external_id?: string | number;

  @IsOptional()
  @IsBoolean({ message: M.boolean(PATH) })
  test_mode?: boolean;

  @IsOptional()
  @MaxLength(500, { message: M.maxLength(PATH, 500) })
  @IsString({ message: M.string(PATH) })
  lots?: string;

  @IsOptional()
  @MaxLength(2000, { message: M.maxLength(PATH, 2000) })
  @IsString({ message: M.string(PATH) })
  comment?: string;

  @IsOptional()
  @MaxLength(2048, { message: M.maxLength(PATH, 2048) })
  @IsUrl(HTTP_URL, { message: M.url(PATH) })
  @IsString({ message: M.url(PATH) })
  callback_url?: string;

  /** Upload method's documents; also accepted (and stored) for `extranet`, as later uploads are. */
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
    invoice: {
      address: dto.invoice.address,
      city: dto.invoice.city,
      zipcode: dto.invoice.zipcode,
      lastname: dto.invoice.lastname,
    },
    method: dto.method,
    syndic: syndic
      ? { name: syndic.name, username: syndic.username, password: syndic.password, url: syndic.url ?? null }
      : null,
    allDuePaid: dto.all_due_paid ?? false,
    externalId: dto.external_id === undefined ? '' : String(dto.external_id),
    testMode: dto.test_mode ?? false,
    lots: dto.lots?.trim() || null,
    comment: dto.comment ?? null,
    callbackUrl: dto.callback_url ?? null,
    documents: dto.documents ? decodeUploadedDocuments(dto.documents, 0) : [],
  };
}
