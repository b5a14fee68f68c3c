import { ServiceError } from '@libs/platform/domain-error';

/** A configuration value is missing or invalid; the message names the variable. */
export class ConfigError extends ServiceError {
  override readonly name = 'ConfigError';
  readonly code = 'invalid_configuration';
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid configuration: ${variable} ${reason}`);
  }
}
