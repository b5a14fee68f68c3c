import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { type ValidationError, validateSync } from 'class-validator';
import { DomainError } from '../../../../libs/domain/domain-error';
import { VALIDATION_MESSAGES } from '../../../../libs/i18n/messages.fr';

/** Placeholder the DTO messages use for the field path, filled in with e.g. `owners[0].firstname`. */
export const PATH = '{path}';

/** Marker of the one rule whose text the published interface fixes: the syndic for `extranet`. */
export const SYNDIC_RULE = 'syndic_invalid';

/**
 * Validates bodies and queries against their DTO class. All messages are French and name the field;
 * unknown fields are dropped. The syndic rule of the published interface gets its exact text.
 */
@Injectable()
export class DtoValidationPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const dto = metadata.metatype;
    if (
      !dto ||
      metadata.type === 'custom' ||
      [String, Boolean, Number, Array, Object].includes(dto as never)
    ) {
      return value;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new DomainError('validation_failed', {}, VALIDATION_MESSAGES.bodyNotObject());
    }
    const instance = plainToInstance(dto as new () => object, value, { excludeExtraneousValues: false });
    const errors = validateSync(instance, {
      whitelist: true,
      forbidUnknownValues: false,
      stopAtFirstError: true,
    });
    if (errors.length === 0) return instance;
    const messages = flatten(errors, '');
    if (messages.includes(SYNDIC_RULE)) throw new DomainError('syndic_invalid');
    throw new DomainError('validation_failed', {}, [...new Set(messages)].join(' ; '));
  }
}

function flatten(errors: ValidationError[], parent: string): string[] {
  const messages: string[] = [];
  for (const error of errors) {
    const path =
      parent === ''
        ? error.property
        : /^\d+$/.test(error.property)
          ? `${parent}[${error.property}]`
          : `${parent}.${error.property}`;
    for (const message of Object.values(error.constraints ?? {}))
      messages.push(message.split(PATH).join(path));
    if (error.children?.length) messages.push(...flatten(error.children, path));
  }
  return messages;
}
