import { Inject, type MiddlewareConsumer, Module, type NestModule } from '@nestjs/common';
import { type AppConfig } from '@libs/platform/config/app-config';
import { EncryptionPayloadCodec } from '@libs/platform/temporal/encryption-payload.codec';
import { RemoteCodecService } from '@libs/platform/temporal/remote-codec.service';
import { APP_CONFIG } from '../platform/config.module';
import { CodecAccessPolicy } from './codec-access.policy';
import { codecCorsMiddleware } from './codec-cors.middleware';
import { CodecController } from './codec.controller';

/** Temporal's remote codec endpoints, for the Temporal Web UI and CLI of operators allowed to decode. */
@Module({
  controllers: [CodecController],
  providers: [
    {
      provide: RemoteCodecService,
      useFactory: (config: AppConfig) =>
        new RemoteCodecService(EncryptionPayloadCodec.fromEncryptionKeys(config.security.encryptionKeys)),
      inject: [APP_CONFIG],
    },
    {
      provide: CodecAccessPolicy,
      useFactory: (config: AppConfig) => new CodecAccessPolicy(config.codec, config.mode),
      inject: [APP_CONFIG],
    },
  ],
})
export class CodecModule implements NestModule {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  // After the HTTP module's chain (the per-IP rate limit counts preflights too), before the router.
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(codecCorsMiddleware(this.config.codec.uiOrigin)).forRoutes('*');
  }
}
