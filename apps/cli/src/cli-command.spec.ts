import { CliArguments, CliUsageError } from './cli-arguments';
import { parseCommand, USAGE } from './cli-command';

const parse = (argv: string[]) => parseCommand(CliArguments.parse(argv));

describe('parseCommand', () => {
  // Every option of every usage line: the options a command takes are read from its line.
  const everyCommand = [
    'account create --email a@b.fr --password pw-pw-pw-pw --callback-url http://x.fr --share-documents --share-registration-id',
    'account key issue --email a@b.fr',
    'account key revoke --email a@b.fr --key 0123456789ab',
    'account set-callback --email a@b.fr --url http://x.fr',
    'account set-callback --email a@b.fr --clear',
    'account rotate-secret --email a@b.fr --grace 1h',
    'account show --email a@b.fr',
    'operator create --email a@b.fr --role admin --password un-long-mot-de-passe',
    'operator disable --email a@b.fr',
    'operator enable --email a@b.fr',
    'operator list',
    'keys rotate',
    'db migrate',
  ];

  it.each(everyCommand)('takes %s', (line) => {
    expect(parse(line.split(' '))).toEqual(expect.any(Function));
  });

  it('has a usage line for each command, and no other', () => {
    const commands = new Set(everyCommand.map((line) => line.split(' --')[0]));
    const usage = USAGE.split('\n').slice(1);
    expect(usage.map((line) => line.replace(/^ {2}cli /, '').split(' --')[0])).toEqual([...commands]);
  });

  it.each([
    [
      ['account', 'show', '--email', 'a@b.fr', '--verbose'],
      'unknown option --verbose for "account show" (it takes --email)',
    ],
    [['keys', 'rotate', '--email', 'a@b.fr'], 'unknown option --email for "keys rotate" (it takes none)'],
    [
      ['account', 'set-callback', '--email', 'a@b.fr', '--uri', 'http://x.fr', '--clean'],
      'unknown option --uri, --clean for "account set-callback" (it takes --email, --url, --clear)',
    ],
    // An unknown option is named before a missing one, which it may be the typo of.
    [['account', 'show', '--mail', 'a@b.fr'], 'unknown option --mail for "account show" (it takes --email)'],
    [['account', 'show', '--email', 'a@b.fr', '--email', 'c@d.fr'], '--email is given more than once'],
    [
      ['operator', 'create', '--role=admin', '--role', 'viewer', '--email', 'a@b.fr'],
      '--role is given more than once',
    ],
    [['account'], 'unknown command: account'],
    [['account', 'create', 'now', '--email', 'a@b.fr'], 'unknown command: account create now'],
    [[], 'missing command'],
  ])('refuses %j', (argv, message) => {
    expect(() => parse(argv)).toThrow(new CliUsageError(message));
  });
});
