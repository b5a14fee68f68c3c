import 'reflect-metadata';
import { AccountAdministrationService } from '@libs/accounts/account-administration.service';
import { AccountRepository } from '@libs/accounts/account.repository';
import { ApiKeyRepository } from '@libs/accounts/api-key.repository';
import { OperatorAdministrationService } from '@libs/operators/operator-administration.service';
import { OperatorSessionRepository } from '@libs/operators/operator-session.repository';
import { OperatorRepository } from '@libs/operators/operator.repository';
import { runMigrations } from '@libs/persistence/data-source.factory';
import { pendingMigrations, SchemaBehindError } from '@libs/persistence/schema-version';
import { TransactionRunner } from '@libs/persistence/transaction-runner';
import { loadConfig } from '@libs/platform/config/app-config';
import { parseEncryptionKeys } from '@libs/security/encryption-keys';
import { SealedSecretRotationService } from '@libs/security/key-rotation/sealed-secret-rotation.service';
import { SealedSecretRepository } from '@libs/security/key-rotation/sealed-secret.repository';
import { PasswordHasher } from '@libs/security/password-hasher';
import { SecretBox } from '@libs/security/secret-box';
import { type CliServices } from './cli-command';
import { connectCliDatabase } from './cli-database';

export interface OpenCliServices {
  services: CliServices;
  close(): Promise<void>;
}

/**
 * Connects to the database (two connections: a command runs one statement at a time) and wires the
 * services. Every command but `db migrate` needs the schema this code was built for, and is refused
 * before it starts on an older one.
 */
export async function openCliServices(): Promise<OpenCliServices> {
  const config = loadConfig();
  const dataSource = await connectCliDatabase(config.database);
  const pending = await pendingMigrations(dataSource);
  const onCurrentSchema =
    <T>(build: () => T) =>
    () => {
      if (pending.length > 0) throw new SchemaBehindError(pending);
      return build();
    };
  // The secret box and the password hasher only: the API's access tokens (@nestjs/jwt, jsonwebtoken,
  // rxjs) would add about 150 ms to every command's start.
  const secretBox = () => new SecretBox(parseEncryptionKeys(config.security.encryptionKeys));
  const passwords = () => new PasswordHasher({ memoryCost: config.security.passwordHashMemoryKiB });
  const services: CliServices = {
    migrate: () => runMigrations(dataSource),
    accounts: onCurrentSchema(
      () =>
        new AccountAdministrationService(
          new AccountRepository(dataSource),
          new ApiKeyRepository(dataSource),
          passwords(),
          secretBox(),
        ),
    ),
    operators: onCurrentSchema(
      () =>
        new OperatorAdministrationService(
          new OperatorRepository(dataSource),
          new OperatorSessionRepository(dataSource),
          new TransactionRunner(dataSource),
          passwords(),
          secretBox(),
        ),
    ),
    // Re-encrypts what is not under the active ENCRYPTION_KEY entry (the first one).
    keyRotation: onCurrentSchema(
      () => new SealedSecretRotationService(new SealedSecretRepository(dataSource), secretBox()),
    ),
  };
  return { services, close: () => dataSource.destroy() };
}
