// The worker processes' runtime settings (deploy/worker/runtime.env, which docker-compose.yml's worker
// services also read), for the launchers without containers. NODE_OPTIONS given by the caller come
// after the file's: Node applies the last value of a flag, so the caller's win.
const fs = require('node:fs');
const path = require('node:path');

const FILE = path.resolve(__dirname, '..', 'deploy', 'worker', 'runtime.env');

/** The file's variables: `NAME=value` lines, `#` comments and blank lines skipped. */
function readRuntimeEnv(file = FILE) {
  const variables = {};
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    const equals = trimmed.indexOf('=');
    if (equals <= 0) throw new Error(`${file}: not a NAME=value line: ${trimmed}`);
    variables[trimmed.slice(0, equals)] = trimmed.slice(equals + 1);
  }
  return variables;
}

/** `env` for a worker process: the file's settings under the caller's. */
function workerRuntimeEnv(env, file = FILE) {
  const runtime = readRuntimeEnv(file);
  const merged = { ...runtime, ...env };
  if (runtime.NODE_OPTIONS && env.NODE_OPTIONS)
    merged.NODE_OPTIONS = `${runtime.NODE_OPTIONS} ${env.NODE_OPTIONS}`;
  return merged;
}

module.exports = { readRuntimeEnv, workerRuntimeEnv };
