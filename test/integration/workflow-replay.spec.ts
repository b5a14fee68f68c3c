import fs from 'node:fs';
import path from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { Worker } from '@temporalio/worker';
import { TEST_WORKFLOW_BUNDLE } from '../support/test-environment';
import { HISTORY_FIXTURES_DIR } from '../support/workflow-history-recorder';

/**
 * Replays recorded histories of the main scenarios against the current workflow code: a change that
 * would break running workflows (non-determinism) fails here. Re-record after an intended,
 * versioned change with `RECORD_WORKFLOW_HISTORIES=1 npx jest test/integration/order-lifecycle`.
 */
describe('order workflow replay', () => {
  const fixtures = fs.readdirSync(HISTORY_FIXTURES_DIR).filter((f) => f.endsWith('.json'));

  it('has recorded histories of the main scenarios', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(4);
  });

  it.each(fixtures)('replays %s deterministically', async (fixture) => {
    const history = historyFromJSON(
      JSON.parse(fs.readFileSync(path.join(HISTORY_FIXTURES_DIR, fixture), 'utf8')),
    );
    await expect(
      Worker.runReplayHistory({ workflowBundle: { codePath: TEST_WORKFLOW_BUNDLE } }, history, fixture),
    ).resolves.toBeUndefined();
  });
});
