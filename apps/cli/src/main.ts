import 'reflect-metadata';
import { type DataSource } from 'typeorm';
import { AccountAdministrationService } from '@libs/accounts/account-administration.service';
import { loadConfig } from '@libs/platform/config/app-config';
import { parseDuration } from '@libs/platform/config/env-reader';
import { createDataSource, runMigrations } from '@libs/persistence/data-source.factory';
import { AccountRepository } from '@libs/accounts/account.repository';
import { ApiKeyRepository } from '@libs/accounts/api-key.repository';
import { parseEncryptionKeys } from '@libs/security/encryption-keys';
import { PasswordHasher } from '@libs/security/password-hasher';
import { SecretBox } from '@libs/security/secret-box';
import { SealedSecretRotationService } from '@libs/security/key-rotation/sealed-secret-rotation.service';
import { ServiceError } from '@libs/platform/domain-error';
import { SealedSecretRepository } from '@libs/security/key-rotation/sealed-secret.repository';
import { OperatorAdministrationService } from '@libs/operators/operator-administration.service';
import { OperatorRepository } from '@libs/operators/operator.repository';
import { OperatorSessionRepository } from '@libs/operators/operator-session.repository';
import { TransactionRunner } from '@libs/persistence/transaction-runner';
import { CliArguments, CliUsageError } from './cli-arguments';

const USAGE = `usage:
  cli account create --email E --password P [--callback-url U] [--share-documents] [--share-registration-id]
  cli account key issue --email E
  cli account key revoke --email E --key KEY_ID
  cli account set-callback --email E (--url U | --clear)
  cli account rotate-secret --email E [--grace 24h]
  cli account show --email E
  cli operator create --email E --role viewer|operator|admin [--password P]
  cli operator disable --email E
  cli operator enable --email E
  cli operator list
  cli keys rotate
  cli db migrate`;

/** Long enough for a client to deploy a new secret, and rotations are rare. */
const DEFAULT_WEBHOOK_SECRET_GRACE = '24h';
const MAX_WEBHOOK_SECRET_GRACE_MS = 30 * 86_400_000;

/** What a command needs once its arguments are known to be complete. */
interface CliServices {
  dataSource: DataSource;
  accounts(): AccountAdministrationService;
  operators(): OperatorAdministrationService;
  keyRotation(): SealedSecretRotationService;
}
type Command = (services: CliServices) => Promise<unknown>;

/**
 * Reads the command and all its arguments before anything is connected, so a usage error answers at
 * once (exit 2) even when the database is unreachable.
 */
function parseCommand(args: CliArguments): Command {
  const command = args.positionals.join(' ');
  switch (command) {
    case 'db migrate':
      return async ({ dataSource }) => ({ applied: await runMigrations(dataSource) });
    case 'account create': {
      const request = {
        email: args.required('email'),
        password: args.required('password'),
        callbackUrl: args.optional('callback-url'),
        shareDocuments: args.flag('share-documents'),
        shareRegistrationId: args.flag('share-registration-id'),
      };
      return ({ accounts }) => accounts().create(request);
    }
    case 'account key issue': {
      const email = args.required('email');
      return ({ accounts }) => accounts().issueKey(email);
    }
    case 'account key revoke': {
      const email = args.required('email');
      const key = args.required('key');
      return ({ accounts }) => accounts().revokeKey(email, key);
    }
    case 'account set-callback': {
      const email = args.required('email');
      const clear = args.flag('clear');
      if (clear && args.optional('url') !== null) throw new CliUsageError('use either --url or --clear');
      const url = clear ? null : args.required('url');
      return ({ accounts }) => accounts().setCallbackUrl(email, url);
    }
    case 'account rotate-secret': {
      const email = args.required('email');
      const grace = args.optional('grace') ?? DEFAULT_WEBHOOK_SECRET_GRACE;
      const graceMs = parseDuration(grace);
      if (graceMs === null || graceMs > MAX_WEBHOOK_SECRET_GRACE_MS) {
        throw new CliUsageError(
          `--grace must be a duration such as 24h, 30m or 0s, at most 30d; got "${grace}"`,
        );
      }
      return ({ accounts }) => accounts().rotateWebhookSecret(email, graceMs);
    }
    case 'account show': {
      const email = args.required('email');
      return ({ accounts }) => accounts().show(email);
    }
    case 'operator create': {
      const request = {
        email: args.required('email'),
        role: args.required('role'),
        password: args.optional('password'),
      };
      return ({ operators }) => operators().create(request);
    }
    case 'operator disable': {
      const email = args.required('email');
      return ({ operators }) => operators().disable(email);
    }
    case 'operator enable': {
      const email = args.required('email');
      return ({ operators }) => operators().enable(email);
    }
    case 'operator list':
      return ({ operators }) => operators().list();
    case 'keys rotate':
      return ({ keyRotation }) => keyRotation().rotateAll();
    default:
      throw new CliUsageError(command === '' ? 'missing command' : `unknown command: ${command}`);
  }
}

/** Operator CLI: prints one JSON object on stdout; errors go to stderr with a non-zero exit code. */
async function main(argv: string[]): Promise<number> {
  const command = parseCommand(CliArguments.parse(argv));
  const config = loadConfig();
  const dataSource = await createDataSource({ ...config.database, poolSize: 2 }).initialize();
  try {
    // The secret box and the password hasher only: the API's access tokens (@nestjs/jwt, jsonwebtoken,
    // rxjs) would add about 150 ms to every command's start.
    const secretBox = () => new SecretBox(parseEncryptionKeys(config.security.encryptionKeys));
    const passwords = () => new PasswordHasher({ memoryCost: config.security.passwordHashMemoryKiB });
    const accounts = () =>
      new AccountAdministrationService(
        new AccountRepository(dataSource),
        new ApiKeyRepository(dataSource),
        passwords(),
        secretBox(),
      );
    const operators = () =>
      new OperatorAdministrationService(
        new OperatorRepository(dataSource),
        new OperatorSessionRepository(dataSource),
        new TransactionRunner(dataSource),
        passwords(),
        secretBox(),
      );
    // Re-encrypts what is not under the active ENCRYPTION_KEY entry (the first one).
    const keyRotation = () =>
      new SealedSecretRotationService(new SealedSecretRepository(dataSource), secretBox());
    print(await command({ dataSource, accounts, operators, keyRotation }));
    return 0;
  } finally {
    await dataSource.destroy();
  }
}

function print(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof CliUsageError) {
      process.stderr.write(`error: ${error.message}\n${USAGE}\n`);
      process.exit(2);
    }
    // The service's own errors say what went wrong; anything else is a bug worth its stack.
    const known = error instanceof ServiceError;
    process.stderr.write(`error: ${known ? error.message : String((error as Error)?.stack ?? error)}\n`);
    process.exit(1);
  },
);
