import { type Provider } from '@nestjs/common';
import { type AppConfig } from '../../../../libs/config/app-config';
import { EncryptionPayloadCodec } from '../../../../libs/temporal/encryption-payload.codec';
import { RemoteCodecService } from '../../../../libs/temporal/remote-codec.service';
import { CodecAccessPolicy } from './codec-access.policy';

export function codecProviders(config: AppConfig): Provider[] {
  const codec = EncryptionPayloadCodec.fromEncryptionKeys(config.security.encryptionKeys);
  return [
    { provide: RemoteCodecService, useValue: new RemoteCodecService(codec) },
    { provide: CodecAccessPolicy, useValue: new CodecAccessPolicy(config.codec, config.mode) },
  ];
}
