import { type LogLevel, type LogMetadata, type Logger } from '@temporalio/common';
import { type AppLogger } from '@libs/platform/logging/app-logger';

const LEVELS: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};
const ORDER_WORKFLOW_ID = /^order-([A-Z0-9]{6})$/;

/**
 * The Temporal SDK's logger (worker, workflow and activity lines) over the service's pino logger:
 * JSON lines, scrubbed like all others, with the order id read from the workflow id where there is one.
 */
export class TemporalPinoLogger implements Logger {
  constructor(private readonly logger: AppLogger) {}

  log(level: LogLevel, message: string, meta: LogMetadata = {}): void {
    const workflowId = typeof meta.workflowId === 'string' ? meta.workflowId : undefined;
    const orderid = workflowId ? ORDER_WORKFLOW_ID.exec(workflowId)?.[1] : undefined;
    // Symbol keys (the SDK's internal markers) are dropped by the spread into a plain object.
    this.logger[LEVELS[level] ?? 'info']({ ...meta, ...(orderid ? { orderid } : {}) }, message);
  }

  trace(message: string, meta?: LogMetadata): void {
    this.log('TRACE', message, meta);
  }

  debug(message: string, meta?: LogMetadata): void {
    this.log('DEBUG', message, meta);
  }

  info(message: string, meta?: LogMetadata): void {
    this.log('INFO', message, meta);
  }

  warn(message: string, meta?: LogMetadata): void {
    this.log('WARN', message, meta);
  }

  error(message: string, meta?: LogMetadata): void {
    this.log('ERROR', message, meta);
  }
}
