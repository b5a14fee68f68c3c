import v8 from 'node:v8';

/**
 * Keeps V8's baseline compiler (Sparkplug) out of the process: warm functions stay bytecode until V8's
 * optimizing compilers take the hot ones. Sparkplug turns every function called a few times into
 * machine code that V8 keeps for as long as the process lives (it flushes bytecode, not baseline code),
 * and a worker calls a large share of the code it loads (the Temporal SDK, TypeORM, pdfkit, fontkit,
 * pdf-lib). In e2e-only benchmark runs alternating with and without it, the order worker peaked about
 * 7 MiB lower: in each of six pairs on Node 24 (means 297 and 304 MiB), in three of four on Node 20
 * (means 263 and 270), with its CPU per order within the runs' spread.
 *
 * NODE_OPTIONS refuses V8's compiler flags, so the worker sets it first thing in `main()`: Node leaves
 * V8's flags writable after start, and Sparkplug reads this one each time it would compile a function.
 * Worker threads created later (the workflow threads) share the process's flags.
 */
export function skipBaselineCompiler(): void {
  v8.setFlagsFromString('--no-sparkplug');
}
