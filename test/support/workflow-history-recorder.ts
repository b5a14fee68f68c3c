import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './test-environment';

export const HISTORY_FIXTURES_DIR = path.join(REPO_ROOT, 'test', 'fixtures', 'workflow-histories');

/**
 * With RECORD_WORKFLOW_HISTORIES=1, saves a workflow's history (an order's, its notification queue's,
 * a redelivery's or a confirmation email's) as a replay fixture, so the replay test catches a
 * non-deterministic change to the workflow code. Without it, does nothing.
 * The Temporal CLI writes the canonical JSON form that `historyFromJSON` reads.
 */
export async function recordWorkflowHistory(
  temporalAddress: string,
  workflowId: string,
  scenario: string,
): Promise<void> {
  if (process.env.RECORD_WORKFLOW_HISTORIES !== '1') return;
  const cli = execFileSync(path.join(REPO_ROOT, 'scripts', 'temporal.sh'), ['path'])
    .toString()
    .trim();
  const json = execFileSync(cli, [
    'workflow',
    'show',
    '--workflow-id',
    workflowId,
    '--address',
    temporalAddress,
    '--output',
    'json',
  ]);
  fs.mkdirSync(HISTORY_FIXTURES_DIR, { recursive: true });
  fs.writeFileSync(path.join(HISTORY_FIXTURES_DIR, `${scenario}.json`), json);
}
