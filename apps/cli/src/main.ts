import { ServiceError } from '@libs/platform/domain-error';
import { CliArguments, CliUsageError } from './cli-arguments';
import { parseCommand, USAGE } from './cli-command';

/** Operator CLI: prints one JSON object on stdout; errors go to stderr with a non-zero exit code. */
async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || (argv.length === 1 && argv[0] === 'help')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const command = parseCommand(CliArguments.parse(argv));
  // Loaded only now: TypeORM and the entities take a quarter of a second, which a usage error never needs.
  const { openCliServices } = await import('./cli-services');
  const open = await openCliServices();
  try {
    print(await command(open.services));
    return 0;
  } finally {
    await open.close();
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
