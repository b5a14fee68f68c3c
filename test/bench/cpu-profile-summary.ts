import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  type CpuProfile,
  type ProfileWindow,
  busyPerSecond,
  callersOf,
  summariseProfile,
} from './cpu-profile-analysis';

const USAGE = `Usage: npm run bench:profile -- FILE.cpuprofile [--from S] [--to S] [--top N]
                                                 [--callers REGEX [--depth N]]

Prints the thread's busy milliseconds in each second, then its self time per package and per function
between --from and --to (seconds from the profile's start), or, with --callers, the call chains (N
callers, 8 by default) under which the functions whose name matches REGEX spent theirs. The profiles
are those BENCH_CPU_PROFILE=1 writes under var/bench/profiles (one per thread of each process).`;

/** V8 names a regular expression's frame after its source, which can run to hundreds of characters. */
const shown = (name: string): string => (name.length > 120 ? `${name.slice(0, 119)}…` : name);

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      top: { type: 'string', default: '30' },
      callers: { type: 'string' },
      depth: { type: 'string', default: '8' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [file] = positionals;
  if (values.help || file === undefined || positionals.length > 1) {
    console.log(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const numbers = { from: values.from, to: values.to, top: values.top, depth: values.depth };
  const invalid = Object.entries(numbers).find(
    ([, text]) => text !== undefined && !Number.isFinite(Number(text)),
  );
  if (invalid) {
    console.error(`--${invalid[0]}: a number was expected, not ${invalid[1]}`);
    process.exitCode = 2;
    return;
  }
  const number = (text: string | undefined) => (text === undefined ? undefined : Number(text));
  const window: ProfileWindow = { fromS: number(values.from), toS: number(values.to) };
  const top = Number(values.top);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;

  if (values.callers !== undefined) {
    const depth = Number(values.depth);
    for (const [chain, ms] of callersOf(profile, new RegExp(values.callers), window, depth, top)) {
      console.log(`${ms.toFixed(0).padStart(7)}  ${chain || '(no caller)'}`);
    }
    return;
  }
  console.log('busy ms per second:');
  console.log(
    busyPerSecond(profile)
      .map(([second, ms]) => `${second}:${ms}`)
      .join(' '),
  );
  const summary = summariseProfile(profile, window, top);
  console.log(`\nsampled ${summary.totalMs.toFixed(0)} ms, idle ${summary.idleMs.toFixed(0)} ms`);
  console.log('\nself ms per package:');
  for (const [name, ms] of summary.byPackage) console.log(`${ms.toFixed(0).padStart(7)}  ${shown(name)}`);
  console.log('\nself ms per function:');
  for (const [name, ms] of summary.byFunction) console.log(`${ms.toFixed(0).padStart(7)}  ${shown(name)}`);
}

try {
  main();
} catch (error) {
  // A bad option, pattern or file: its message, not a stack trace.
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 2;
}
