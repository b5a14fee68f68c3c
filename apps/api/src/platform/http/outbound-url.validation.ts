import { type ValidationOptions, registerDecorator } from 'class-validator';
import { VALIDATION_MESSAGES as M } from '@libs/platform/messages.fr';
import { type OutboundAddressGuard } from '@libs/platform/outbound/outbound-address.guard';

/** An address field the outbound policy judges, and the French refusal naming it. */
interface OutboundUrlField {
  field: string;
  refusal: (path: string) => string;
}

/** The properties of each DTO class holding an address the service will call on the client's behalf. */
const OUTBOUND_URL_FIELDS = new Map<object, OutboundUrlField[]>();

/**
 * A URL the service will call (a client's callback): its IP literal, if any, is judged by the outbound
 * address policy of the running configuration, which the validation pipe holds (`outboundUrlRefusals`),
 * and refused with `refusal`. Host names are judged on what they resolve to when called.
 */
export function IsPublicDestination(refusal: (path: string) => string): PropertyDecorator {
  return (target, key) => {
    const fields = OUTBOUND_URL_FIELDS.get(target.constructor) ?? [];
    OUTBOUND_URL_FIELDS.set(target.constructor, [...fields, { field: String(key), refusal }]);
  };
}

/**
 * A URL the service will call on the client's behalf (an extranet): refused with `options.message`
 * when it embeds credentials (the http(s) form is `IsUrl`'s to check), and a public destination
 * (`IsPublicDestination`).
 */
export function IsOutboundUrl(options: ValidationOptions): PropertyDecorator {
  return (target, key) => {
    IsPublicDestination(M.urlRefusedAddress)(target, key);
    registerDecorator({
      name: 'isOutboundUrlWithoutCredentials',
      target: target.constructor,
      propertyName: String(key),
      options,
      validator: {
        validate: (value: unknown) => {
          const url = parsedHttpUrl(value);
          return url === null || (url.username === '' && url.password === '');
        },
      },
    });
  };
}

/**
 * The messages of the outbound URLs of a validated DTO (nested ones included) whose host is an IP
 * literal the policy refuses, e.g. `http://127.0.0.1:8080/` or `http://[::ffff:169.254.169.254]/` in
 * production. Host names are judged at connection time, on the addresses they resolve to then.
 */
export function outboundUrlRefusals(dto: object, guard: OutboundAddressGuard, parent = ''): string[] {
  const messages: string[] = [];
  for (const { field, refusal } of OUTBOUND_URL_FIELDS.get(dto.constructor) ?? []) {
    const url = parsedHttpUrl((dto as Record<string, unknown>)[field]);
    if (url === null) continue;
    try {
      guard.assertUrl(url);
    } catch {
      messages.push(refusal(parent === '' ? field : `${parent}.${field}`));
    }
  }
  for (const [key, value] of Object.entries(dto)) {
    const path = parent === '' ? key : `${parent}.${key}`;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (isDto(item)) messages.push(...outboundUrlRefusals(item, guard, `${path}[${index}]`));
      });
    } else if (isDto(value)) {
      messages.push(...outboundUrlRefusals(value, guard, path));
    }
  }
  return messages;
}

/** An instance of a DTO class (nested validation makes them), not a plain value. */
function isDto(value: unknown): value is object {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) !== Object.prototype;
}

function parsedHttpUrl(value: unknown): URL | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}
