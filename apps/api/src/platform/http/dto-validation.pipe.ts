import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { type ValidationError, validateSync } from 'class-validator';
import { DomainError } from '@libs/platform/domain-error';
import { VALIDATION_MESSAGES } from '@libs/platform/messages.fr';
import { type OutboundAddressGuard } from '@libs/platform/outbound/outbound-address.guard';
import { outboundUrlRefusals } from './outbound-url.validation';

/** Placeholder the DTO messages use for the field path, filled in with e.g. `owners[0].firstname`. */
export const PATH = '{path}';

/** Marker of the one rule whose text the published interface fixes: the syndic for `extranet`. */
export const SYNDIC_RULE = 'syndic_invalid';

/**
 * Validates bodies and queries against their DTO class. All messages are French and name the field;
 * unknown fields are dropped. The syndic rule of the published interface gets its exact text.
 * With the outbound address guard of the running configuration, the addresses the service will call
 * on the client's behalf (`IsOutboundUrl` fields) are refused when they are a forbidden IP literal.
 */
@Injectable()
export class DtoValidationPipe implements PipeTransform {
  constructor(private readonly outboundAddresses: OutboundAddressGuard | null = null) {}

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
    // PostgreSQL cannot store U+0000, nor half of a surrogate pair (JSON's `"\ud800"`): its jsonb
    // refuses one, its text would get U+FFFD in its place. Refused here, naming the field.
    const unstorable = unstorableText(value);
    if (unstorable !== null) {
      const { path, found } = unstorable;
      throw new DomainError(
        'validation_failed',
        {},
        found === 'nul' ? VALIDATION_MESSAGES.nullCharacter(path) : VALIDATION_MESSAGES.loneSurrogate(path),
      );
    }
    let instance: object;
    let errors: ValidationError[];
    try {
      instance = plainToInstance(dto as new () => object, value, { excludeExtraneousValues: false });
      errors = validateSync(instance, {
        whitelist: true,
        forbidUnknownValues: false,
        stopAtFirstError: true,
      });
    } catch {
      // The transformer trips on some hostile shapes (e.g. a `constructor` field in a query string):
      // whatever it cannot read is not valid input.
      throw new DomainError('validation_failed');
    }
    // Express reads `?state=done&state=waiting` as an array, which every rule refuses in its own
    // words ("must be one of", "must be an integer"): the repetition is what the client must hear.
    const repeated = metadata.type === 'query' ? repeatedParameters(value, instance) : [];
    const messages = [
      ...repeated.map(VALIDATION_MESSAGES.queryRepeated),
      ...flatten(
        errors.filter((error) => !repeated.includes(error.property)),
        '',
      ),
    ];
    if (this.outboundAddresses) messages.push(...outboundUrlRefusals(instance, this.outboundAddresses));
    if (messages.length === 0) return instance;
    if (messages.includes(SYNDIC_RULE)) throw new DomainError('syndic_invalid');
    throw new DomainError('validation_failed', {}, [...new Set(messages)].join(' ; '));
  }
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

type Unstorable = 'nul' | 'lone-surrogate';

function unstorableIn(text: string): Unstorable | null {
  if (text.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'lone-surrogate' : null;
}

/**
 * Path (`owners[0].firstname`) of the first key or string no database column can hold, and what it
 * holds, or null. Iterative.
 */
function unstorableText(root: object): { path: string; found: Unstorable } | null {
  const pending: [unknown, string][] = [[root, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop()!;
    if (typeof value === 'string') {
      const found = unstorableIn(value);
      if (found !== null) return { path, found };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = Array.isArray(value) ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
      const found = unstorableIn(key);
      if (found !== null) return { path: childPath, found };
      pending.push([child, childPath]);
    }
  }
  return null;
}

/** The parameters of the query class given more than once; unknown ones are already dropped. */
function repeatedParameters(query: object, instance: object): string[] {
  return Object.keys(instance).filter((name) => Array.isArray((query as Record<string, unknown>)[name]));
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
