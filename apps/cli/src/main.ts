import 'reflect-metadata';
import {
  AccountAdministrationError,
  AccountAdministrationService,
} from '../../../libs/accounts/account-administration.service';
import { loadConfig } from '../../../libs/config/app-config';
import { createDataSource, runMigrations } from '../../../libs/persistence/data-source.factory';
import { AccountRepository } from '../../../libs/persistence/repositories/account.repository';
import { ApiKeyRepository } from '../../../libs/persistence/repositories/api-key.repository';
import { createSecurityServices } from '../../../libs/security/security-services.factory';
import { CliArguments, CliUsageError } from './cli-arguments';

const USAGE = `usage:
  cli account create --email E --password P [--callback-url U] [--share-documents] [--share-registration-id]
  cli account key issue --email E
  cli account key revoke --email E --key KEY_ID
  cli account set-callback --email E (--url U | --clear)
  cli account rotate-secret --email E
  cli account show --email E
  cli db migrate`;

/** Operator CLI: prints one JSON object on stdout; errors go to stderr with a non-zero exit code. */
async function main(argv: string[]): Promise<number> {
  const args = CliArguments.parse(argv);
  const command = args.positionals.join(' ');
  const config = loadConfig();
  const dataSource = await createDataSource({ ...config.database, poolSize: 2 }).initialize();
  try {
    if (command === 'db migrate') {
      print({ applied: await runMigrations(dataSource) });
      return 0;
    }
    const security = createSecurityServices(config.security);
    const admin = new AccountAdministrationService(
      new AccountRepository(dataSource),
      new ApiKeyRepository(dataSource),
      security.passwords,
      security.secretBox,
    );
    switch (command) {
      case 'account create':
        print(
          await admin.create({
            email: args.required('email'),
            password: args.required('password'),
            callbackUrl: args.optional('callback-url'),
            shareDocuments: args.flag('share-documents'),
            shareRegistrationId: args.flag('share-registration-id'),
          }),
        );
        return 0;
      case 'account key issue':
        print(await admin.issueKey(args.required('email')));
        return 0;
      case 'account key revoke':
        print(await admin.revokeKey(args.required('email'), args.required('key')));
        return 0;
      case 'account set-callback': {
        const clear = args.flag('clear');
        const url = clear ? null : args.required('url');
        print(await admin.setCallbackUrl(args.required('email'), url));
        return 0;
      }
      case 'account rotate-secret':
        print(await admin.rotateWebhookSecret(args.required('email')));
        return 0;
      case 'account show':
        print(await admin.show(args.required('email')));
        return 0;
      default:
        throw new CliUsageError(command === '' ? 'missing command' : `unknown command: ${command}`);
    }
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
    const known = error instanceof AccountAdministrationError || (error as Error)?.name === 'ConfigError';
    process.stderr.write(
      `error: ${known ? (error as Error).message : String((error as Error)?.stack ?? error)}\n`,
    );
    process.exit(1);
  },
);
