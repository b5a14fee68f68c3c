import { type LoggerService } from '@nestjs/common';
import { type AppLogger } from '@libs/platform/logging/app-logger';

/**
 * Nest's logger interface over the service's pino logger, so the framework's own lines (start-up,
 * `new Logger(...)` in the exception filter) are JSON like every other. Nest passes the context (the
 * class name) as the last argument and, for errors, the stack before it.
 */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: AppLogger) {}

  log(message: unknown, ...params: unknown[]): void {
    this.write('info', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.write('error', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.write('warn', message, params);
  }

  debug(message: unknown, ...params: unknown[]): void {
    this.write('debug', message, params);
  }

  verbose(message: unknown, ...params: unknown[]): void {
    this.write('trace', message, params);
  }

  fatal(message: unknown, ...params: unknown[]): void {
    this.write('fatal', message, params);
  }

  private write(
    level: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace',
    message: unknown,
    params: unknown[],
  ): void {
    const fields: Record<string, unknown> = {};
    const rest = params.filter((param) => param !== undefined);
    if (rest.length > 0 && typeof rest.at(-1) === 'string') fields.context = rest.pop();
    if (level === 'error' && typeof rest.at(-1) === 'string') fields.stack = rest.pop();
    if (rest.length > 0) fields.details = rest;
    if (message instanceof Error) this.logger[level]({ ...fields, err: message }, message.message);
    else if (typeof message === 'object' && message !== null) this.logger[level]({ ...fields, ...message });
    else this.logger[level](fields, String(message));
  }
}
