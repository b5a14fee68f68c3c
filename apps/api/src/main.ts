import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { loadConfig } from '@libs/platform/config/app-config';
import { createAppLogger } from '@libs/platform/logging/app-logger';
import { AppModule } from './app.module';
import { API_APPLICATION_OPTIONS, initialiseHttpApplication } from './http-application';
import { exitOnShutdownSignal } from './platform/http/graceful-shutdown';
import { APP_LOGGER } from './platform/logging/logging.module';
import { NestPinoLogger } from './platform/logging/nest-pino.logger';

async function bootstrap(): Promise<void> {
  const config = loadConfig();
  // Nest's own start-up lines, and a provider that fails (the database down or its schema behind), are
  // written through this logger from the start: JSON like every later line, not Nest's coloured text.
  const startLogger = new NestPinoLogger(createAppLogger({ ...config.logging, service: 'api' }));
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    ...API_APPLICATION_OPTIONS,
    logger: startLogger,
  });
  await initialiseHttpApplication(app, config);
  await app.listen(config.http.port, config.http.host);
  const logger = app.get(APP_LOGGER);
  logger.info({ url: config.http.publicBaseUrl }, 'API listening');
  // app.close() stops accepting connections, waits for the requests in flight, lets the order starts in
  // flight finish, then closes Temporal and the database (Nest's shutdown hooks, in that order).
  exitOnShutdownSignal(() => app.close(), logger);
}

bootstrap().catch((error: unknown) => {
  // The configuration may be what failed: log with defaults, the error message names the variable.
  createAppLogger({ level: 'info', service: 'api' }).fatal({ err: error }, 'API failed to start');
  process.exit(1);
});
