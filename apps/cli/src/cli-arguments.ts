/** Minimal `--flag value` / `--switch` parser: the CLI has few options and no dependency is needed. */
export class CliArguments {
  private constructor(
    readonly positionals: string[],
    private readonly options: Map<string, string | true>,
  ) {}

  static parse(argv: string[]): CliArguments {
    const positionals: string[] = [];
    const options = new Map<string, string | true>();
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i]!;
      if (!arg.startsWith('--')) {
        positionals.push(arg);
        continue;
      }
      const [name, inline] = arg.slice(2).split(/=(.*)/s, 2) as [string, string | undefined];
      // Which of two values was meant cannot be told; the last one winning would act on it unasked.
      if (options.has(name)) throw new CliUsageError(`--${name} is given more than once`);
      const next = argv[i + 1];
      if (inline !== undefined) options.set(name, inline);
      else if (next !== undefined && !next.startsWith('--')) options.set(name, argv[++i]!);
      else options.set(name, true);
    }
    return new CliArguments(positionals, options);
  }

  /** The options given, by name. */
  get names(): string[] {
    return [...this.options.keys()];
  }

  required(name: string): string {
    const value = this.options.get(name);
    if (typeof value !== 'string' || value === '') throw new CliUsageError(`missing --${name} <value>`);
    return value;
  }

  optional(name: string): string | null {
    const value = this.options.get(name);
    if (value === true) throw new CliUsageError(`--${name} needs a value`);
    return value ?? null;
  }

  flag(name: string): boolean {
    const value = this.options.get(name);
    if (value !== undefined && value !== true) throw new CliUsageError(`--${name} takes no value`);
    return value === true;
  }
}

export class CliUsageError extends Error {
  override readonly name = 'CliUsageError';
}
