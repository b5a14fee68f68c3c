import fs from 'node:fs';
import path from 'node:path';
import { type Client } from '@temporalio/client';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { orderWorkflowId } from '../../libs/domain/order-id';
import { REPO_ROOT } from './test-environment';

export const HISTORY_FIXTURES_DIR = path.join(REPO_ROOT, 'test', 'fixtures', 'workflow-histories');

/**
 * With RECORD_WORKFLOW_HISTORIES=1, saves the order's workflow history as a replay fixture, so the
 * replay test catches a non-deterministic change to the workflow code. Without it, does nothing.
 */
export async function recordWorkflowHistory(
  client: Client,
  orderid: string,
  scenario: string,
): Promise<void> {
  if (process.env.RECORD_WORKFLOW_HISTORIES !== '1') return;
  const history = await client.workflow.getHandle(orderWorkflowId(orderid)).fetchHistory();
  fs.mkdirSync(HISTORY_FIXTURES_DIR, { recursive: true });
  fs.writeFileSync(path.join(HISTORY_FIXTURES_DIR, `${scenario}.json`), historyToJSON(history));
}
