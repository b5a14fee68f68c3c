import { type ChildProcess, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { Client as PgClient } from 'pg';
import { bundleWorkflows } from '@libs/platform/temporal/workflow-bundle';
import { createDataSource, runMigrations } from '@libs/persistence/data-source.factory';
import {
  REPO_ROOT,
  TEST_DATABASE_ADMIN_URL,
  TEST_DATABASE_NAME,
  TEST_TEMPORAL_PORT,
  TEST_VAR_DIR,
  TEST_WORKFLOW_BUNDLE,
  testDatabaseUrl,
} from './test-environment';
import { startTemporalDevServer, waitForTemporal } from './temporal-dev-server';

/**
 * One Temporal dev server, one freshly migrated database and one workflow bundle for the whole suite:
 * starting them per test file would cost more than the tests on a 2-core machine.
 */
export default async function globalSetup(): Promise<void> {
  fs.mkdirSync(TEST_VAR_DIR, { recursive: true });
  // The browser tests' Chromium, installed on first use like the other tools (prints what it does).
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'ensure-chromium.js')], {
    stdio: 'inherit',
  });
  const externalTemporal = process.env.TEST_TEMPORAL_ADDRESS;
  const temporalAddress = externalTemporal ?? `127.0.0.1:${TEST_TEMPORAL_PORT}`;
  const temporal = externalTemporal
    ? null
    : await startTemporalDevServer({ port: TEST_TEMPORAL_PORT, logFile: freshFile('temporal.log') });
  (globalThis as { __TEMPORAL__?: ChildProcess | null }).__TEMPORAL__ = temporal;

  await recreateDatabase();
  const bundle = bundleWorkflows().then((code) => fs.writeFileSync(TEST_WORKFLOW_BUNDLE, code));
  await Promise.all([bundle, waitForTemporal(temporalAddress, temporal)]);

  Object.assign(process.env, {
    NODE_ENV: 'test',
    DATABASE_URL: testDatabaseUrl(),
    TEMPORAL_ADDRESS: temporalAddress,
    WORKFLOW_BUNDLE_PATH: TEST_WORKFLOW_BUNDLE,
    // Cheap password hashing keeps the many test logins fast; production keeps the default.
    PASSWORD_HASH_MEMORY_KIB: '4096',
    // Suites make many requests from one address and key; rate-limit tests set low limits themselves.
    RATE_LIMIT_AUTH_PER_MINUTE: '1000000',
    RATE_LIMIT_API_PER_MINUTE: '1000000',
    RATE_LIMIT_IP_PER_MINUTE: '1000000',
    LOGIN_FAILURES_BEFORE_DELAY: '1000',
    // Every test file's API would otherwise sweep the shared database and start other files' unstarted
    // orders on its own task queue; tests of the recovery sweep run a pass or set a short interval.
    ORDER_START_SWEEP_INTERVAL: '1h',
    // Likewise the failing-endpoint alert sweep of every test worker would alert other files' accounts.
    NOTIFICATION_ALERT_SWEEP_INTERVAL: '1h',
    // And every order worker's sweep of abandoned attachments would take back other files' (backdated).
    ATTACHMENT_SWEEP_INTERVAL: '1h',
  });
}

async function recreateDatabase(): Promise<void> {
  const admin = new PgClient({ connectionString: TEST_DATABASE_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${TEST_DATABASE_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEST_DATABASE_NAME}`);
  } finally {
    await admin.end();
  }
  const dataSource = await createDataSource({ url: testDatabaseUrl(), poolSize: 2 }).initialize();
  try {
    await runMigrations(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/** A file under var/test emptied for this run (the server appends to it). */
function freshFile(name: string): string {
  const file = path.join(TEST_VAR_DIR, name);
  fs.writeFileSync(file, '');
  return file;
}
