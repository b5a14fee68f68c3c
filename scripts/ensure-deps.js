#!/usr/bin/env node
// Installs the npm dependencies when they are missing or older than the lockfile, so `npm start` and
// `npm test` work right after `git clone` with nothing run before them.
const { execSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const installed = path.join(root, 'node_modules', '.package-lock.json');
const lock = path.join(root, 'package-lock.json');

const stale = !fs.existsSync(installed) || fs.statSync(installed).mtimeMs < fs.statSync(lock).mtimeMs;
if (stale) {
  console.log('[deps] installing npm dependencies…');
  try {
    execSync('npm ci --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  } catch {
    // npm 11.19 writes lockfiles without the other platforms' optional packages (@swc/core-darwin-…)
    // and then refuses them in `npm ci`; `npm install` installs the same locked versions. `--no-save`
    // keeps it from rewriting the lockfile, so a fresh clone stays clean after `npm test`.
    console.log('[deps] npm ci refused the lockfile; installing the locked versions with npm install');
    execSync('npm install --no-save --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
  }
}
