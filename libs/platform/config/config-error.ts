/** A configuration value is missing or invalid; the message names the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    readonly variable: string,
    reason: string,
  ) {
    super(`Invalid configuration: ${variable} ${reason}`);
  }
}
