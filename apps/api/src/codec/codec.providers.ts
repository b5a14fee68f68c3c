import { type Provider } from '@nestjs/common';
import { type AppConfig } from '@libs/platform/config/app-config';
import { EncryptionPayloadCodec } from '@libs/platform/temporal/encryption-payload.codec';
import { RemoteCodecService } from '@libs/platform/temporal/remote-codec.service';
import { CodecAccessPolicy } from './codec-access.policy';

export function codecProviders(config: AppConfig): Provider[] {
  const codec = EncryptionPayloadCodec.fromEncryptionKeys(config.security.encryptionKeys);
  return [
    { provide: RemoteCodecService, useValue: new RemoteCodecService(codec) },
    { provide: CodecAccessPolicy, useValue: new CodecAccessPolicy(config.codec, config.mode) },
  ];
}
