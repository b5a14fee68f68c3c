import { Client, type ConnectionLike, type DataConverter } from '@temporalio/client';
import { type AppConfig } from '@libs/platform/config/app-config';
import { EncryptionPayloadCodec } from './encryption-payload.codec';

/** Everything the service sends to Temporal is encrypted (see EncryptionPayloadCodec): clients and workers alike. */
export function temporalDataConverter(config: Pick<AppConfig, 'security'>): DataConverter {
  return { payloadCodecs: [EncryptionPayloadCodec.fromEncryptionKeys(config.security.encryptionKeys)] };
}

/**
 * The Temporal client of every process (API, worker, CLI, tests), on the process's own connection: a lazy
 * one in the API (it starts while Temporal is still coming up), the workers' native one in the worker.
 */
export function createTemporalClient(
  connection: ConnectionLike,
  config: Pick<AppConfig, 'temporal' | 'security'>,
): Client {
  return new Client({
    connection,
    namespace: config.temporal.namespace,
    dataConverter: temporalDataConverter(config),
  });
}
