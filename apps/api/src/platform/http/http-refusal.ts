import { ServiceError } from '@libs/platform/domain-error';
import { type RequestRefusalCode } from '@libs/platform/messages.fr';

/**
 * A request refused for how HTTP carries it (unknown route, method, size, media type, malformed JSON),
 * before any domain rule. A member of the service's error family; the exception filter answers it like
 * a DomainError: status by code, French text from the catalogue.
 */
export class HttpRefusal extends ServiceError {
  override readonly name = 'HttpRefusal';

  constructor(
    readonly code: RequestRefusalCode,
    /** Values substituted into the French text (the JSON error's position). */
    readonly details: Record<string, string | number> = {},
  ) {
    super(code);
  }
}
