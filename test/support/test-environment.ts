import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository: the first directory above with a package.json. Not a fixed `../..`, because the
 * benchmark runs this file compiled, from dist/test/support, and drives the cluster through it.
 */
export const REPO_ROOT = repositoryRoot(__dirname);

/** Where the shared test infrastructure lives; read by the global setup and by the tests. */
export const TEST_VAR_DIR = path.join(REPO_ROOT, 'var', 'test');
export const TEST_DATABASE_NAME = process.env.TEST_DATABASE_NAME ?? 'pre_statement_test';
export const TEST_DATABASE_ADMIN_URL =
  process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_TEMPORAL_PORT = Number(process.env.TEST_TEMPORAL_PORT ?? 17233);
export const TEST_WORKFLOW_BUNDLE = path.join(TEST_VAR_DIR, 'workflow-bundle.js');
/** The Chromium browser tests drive; scripts/ensure-chromium.js installs Debian's at this default. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** Where browser tests save their screenshots, for a person to look at. */
export const SCREENSHOTS_DIR = path.join(REPO_ROOT, 'var', 'screenshots');

export function testDatabaseUrl(): string {
  const url = new URL(TEST_DATABASE_ADMIN_URL);
  url.pathname = `/${TEST_DATABASE_NAME}`;
  return url.toString();
}

function repositoryRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}
