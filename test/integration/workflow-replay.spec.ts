import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, TEST_WORKFLOW_BUNDLE } from '../support/test-environment';
import { HISTORY_FIXTURES_DIR } from '../support/workflow-history-recorder';

// Runs in a plain Node process: the SDK's protobuf reflection does not survive Jest's module registry.
// Histories hold encrypted payloads: the replay decodes them with the service's codec, compiled to dist/.
const REPLAY_SCRIPT = `
const fs = require('node:fs');
const { loadConfig } = require('./dist/libs/platform/config/app-config.js');
const { EncryptionPayloadCodec } = require('./dist/libs/platform/temporal/encryption-payload.codec.js');
const { historyFromJSON } = require('@temporalio/common/lib/proto-utils');
const { Worker, DefaultLogger, Runtime } = require('@temporalio/worker');
Runtime.install({ logger: new DefaultLogger('ERROR') });
const [fixture, bundle] = process.argv.slice(1);
const history = historyFromJSON(JSON.parse(fs.readFileSync(fixture, 'utf8')));
const codec = EncryptionPayloadCodec.fromEncryptionKeys(loadConfig().security.encryptionKeys);
const options = { workflowBundle: { codePath: bundle }, dataConverter: { payloadCodecs: [codec] } };
Worker.runReplayHistory(options, history, fixture).then(
  () => process.exit(0),
  (error) => { console.error(error && error.stack || error); process.exit(1); },
);
`;

/**
 * Replays recorded histories of the main scenarios against the current workflow code: a change that
 * would break running workflows (non-determinism) fails here. Re-record after an intended, versioned
 * change with `RECORD_WORKFLOW_HISTORIES=1 npx jest test/integration/order-lifecycle
 * test/integration/extranet-destinations test/integration/notifications/notification-{api,emails}
 * --selectProjects integration`; keep the
 * history of a superseded version under another name while runs of it may still be open.
 */
describe('workflow replay: orders, notification queues, redeliveries, confirmation emails', () => {
  const fixtures = fs.readdirSync(HISTORY_FIXTURES_DIR).filter((f) => f.endsWith('.json'));

  beforeAll(() => {
    execFileSync(process.execPath, ['scripts/build.js', '--quiet', '--no-bundle'], {
      cwd: REPO_ROOT,
      stdio: 'pipe',
    });
  });

  it('has recorded histories of the main scenarios', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(10);
  });

  it.each(fixtures)('replays %s deterministically', (fixture) => {
    const result = spawnSync(
      process.execPath,
      ['-e', REPLAY_SCRIPT, path.join(HISTORY_FIXTURES_DIR, fixture), TEST_WORKFLOW_BUNDLE],
      { cwd: REPO_ROOT, encoding: 'utf8', timeout: 60_000 },
    );
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });
});
