import { Global, Module } from '@nestjs/common';
import { type AppConfig } from '@libs/platform/config/app-config';
import { type AppLogger, createAppLogger } from '@libs/platform/logging/app-logger';
import { APP_CONFIG } from '../config.module';
import { token } from '../injection';

/** The API's JSON logger (pino); tests replace it to read the lines. */
export const APP_LOGGER = token<AppLogger>('APP_LOGGER');

@Global()
@Module({
  providers: [
    {
      provide: APP_LOGGER,
      useFactory: (config: AppConfig) => createAppLogger({ ...config.logging, service: 'api' }),
      inject: [APP_CONFIG],
    },
  ],
  exports: [APP_LOGGER],
})
export class LoggingModule {}
