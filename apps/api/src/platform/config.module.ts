import { type DynamicModule, Global, Module } from '@nestjs/common';
import { type AppConfig } from '@libs/platform/config/app-config';
import { token } from './injection';

/** The configuration, loaded and validated once by main.ts (or a test) before the application exists. */
export const APP_CONFIG = token<AppConfig>('APP_CONFIG');

@Global()
@Module({})
export class ConfigModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: ConfigModule,
      providers: [{ provide: APP_CONFIG, useValue: config }],
      exports: [APP_CONFIG],
    };
  }
}
