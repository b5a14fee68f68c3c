import { type AccountAdministrationService } from '@libs/accounts/account-administration.service';
import { parseDuration } from '@libs/platform/config/env-reader';
import { type SealedSecretRotationService } from '@libs/security/key-rotation/sealed-secret-rotation.service';
import { type OperatorAdministrationService } from '@libs/operators/operator-administration.service';
import { type CliArguments, CliUsageError } from './cli-arguments';

/**
 * Each command and its options, as the usage shows them: the options a command takes are the ones its
 * line names, so that an option it does not take (a typo such as `--share-document`) is refused rather
 * than dropped in silence, the account then made without what was asked for.
 */
const COMMAND_LINES = [
  'account create --email E --password P [--callback-url U] [--share-documents] [--share-registration-id]',
  'account key issue --email E',
  'account key revoke --email E --key KEY_ID',
  'account set-callback --email E (--url U | --clear)',
  'account rotate-secret --email E [--grace 24h]',
  'account show --email E',
  'operator create --email E --role viewer|operator|admin [--password P]',
  'operator disable --email E',
  'operator enable --email E',
  'operator list',
  'keys rotate',
  'db migrate',
];

export const USAGE = `usage:\n${COMMAND_LINES.map((line) => `  cli ${line}`).join('\n')}`;

/** Long enough for a client to deploy a new secret, and rotations are rare. */
const DEFAULT_WEBHOOK_SECRET_GRACE = '24h';
const MAX_WEBHOOK_SECRET_GRACE_MS = 30 * 86_400_000;

/**
 * What a command needs once its arguments are known to be complete. Only its types are imported here:
 * the implementations load TypeORM and the entities, which a usage error never needs.
 */
export interface CliServices {
  /** The names of the migrations applied. */
  migrate(): Promise<string[]>;
  accounts(): AccountAdministrationService;
  operators(): OperatorAdministrationService;
  keyRotation(): SealedSecretRotationService;
}
export type Command = (services: CliServices) => Promise<unknown>;

/**
 * Reads the command and all its arguments before anything is connected, so a usage error answers at
 * once (exit 2) even when the database is unreachable.
 */
export function parseCommand(args: CliArguments): Command {
  const command = args.positionals.join(' ');
  rejectOptionsNotTaken(command, args);
  switch (command) {
    case 'db migrate':
      return async ({ migrate }) => ({ applied: await migrate() });
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
      // rejectOptionsNotTaken refuses a command without a usage line: this one has a line but no case.
      throw new Error(`no implementation for the usage line of "${command}"`);
  }
}

/** Refuses an unknown command, or an option its usage line does not name. */
function rejectOptionsNotTaken(command: string, args: CliArguments): void {
  const line = COMMAND_LINES.find((known) => known === command || known.startsWith(`${command} --`));
  if (line === undefined) {
    throw new CliUsageError(command === '' ? 'missing command' : `unknown command: ${command}`);
  }
  const taken = [...line.matchAll(/--([a-z-]+)/g)].map((match) => match[1]!);
  const unknown = args.names.filter((name) => !taken.includes(name)).map((name) => `--${name}`);
  if (unknown.length === 0) return;
  const takes = taken.length === 0 ? 'none' : taken.map((name) => `--${name}`).join(', ');
  throw new CliUsageError(`unknown option ${unknown.join(', ')} for "${command}" (it takes ${takes})`);
}
