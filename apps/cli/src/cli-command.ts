import { type AccountAdministrationService } from '@libs/accounts/account-administration.service';
import { parseDuration } from '@libs/platform/config/env-reader';
import { type SealedSecretRotationService } from '@libs/security/key-rotation/sealed-secret-rotation.service';
import { type OperatorAdministrationService } from '@libs/operators/operator-administration.service';
import { type CliArguments, CliUsageError } from './cli-arguments';

export const USAGE = `usage:
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
      throw new CliUsageError(command === '' ? 'missing command' : `unknown command: ${command}`);
  }
}
