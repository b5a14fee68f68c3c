#!/usr/bin/env node
// `npm run start:prod`: the compiled API and worker (after `npm run build`), on one host without
// containers. No TypeScript and no bundling at start: the worker loads dist/workflow-bundle.js.
// SIGTERM/SIGINT are passed to both; each finishes its work (in-flight requests, running activities)
// and this exits 0 once both did. If one stops on its own, the other is stopped and this exits 1.
//   node scripts/start-prod.js [--dist dist] [--with-sandbox]
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { workerRuntimeEnv } = require('./worker-runtime-env');

const root = path.resolve(__dirname, '..');
const distIndex = process.argv.indexOf('--dist');
const dist = path.resolve(root, distIndex === -1 ? 'dist' : process.argv[distIndex + 1]);
const bundle = path.join(dist, 'workflow-bundle.js');

const processes = [
  ['api', 'apps/api/src/main.js'],
  ['worker', 'apps/worker/src/main.js'],
  ...(process.argv.includes('--with-sandbox') ? [['extranet', 'apps/extranet-sandbox/src/main.js']] : []),
];
for (const [, script] of processes) {
  if (!fs.existsSync(path.join(dist, script))) {
    console.error(
      `[start:prod] ${path.relative(root, path.join(dist, script))} is missing: run npm run build`,
    );
    process.exit(1);
  }
}
if (!fs.existsSync(bundle)) {
  console.error(`[start:prod] ${path.relative(root, bundle)} is missing: run npm run build`);
  process.exit(1);
}

const env = { NODE_ENV: 'production', WORKFLOW_BUNDLE_PATH: bundle, ...process.env };
let stopping = false;
let failed = false;
const running = new Map();

for (const [name, script] of processes) {
  const child = spawn(process.execPath, ['--enable-source-maps', path.join(dist, script)], {
    cwd: root,
    env: name === 'worker' ? workerRuntimeEnv(env) : env,
    stdio: 'inherit',
  });
  running.set(name, child);
  child.on('exit', (code, signal) => {
    running.delete(name);
    if (!stopping || code !== 0) {
      if (!stopping) console.error(`[start:prod] ${name} exited (${signal ?? code}); stopping the others`);
      failed = true;
      stop('SIGTERM');
    }
    if (running.size === 0) process.exit(failed ? 1 : 0);
  });
}

function stop(signal) {
  if (stopping) return;
  stopping = true;
  for (const child of running.values()) child.kill(signal);
}

process.on('SIGTERM', () => stop('SIGTERM'));
// Ctrl-C reaches the children from the terminal too; this only makes sure they all get it.
process.on('SIGINT', () => stop('SIGINT'));
