import {
  type Client,
  WorkflowExecutionAlreadyStartedError,
  WorkflowIdReusePolicy,
  type WorkflowStartOptions,
} from '@temporalio/client';

/** How long one start may take before it counts as failed (the sweep tries again later). */
export const WORKFLOW_START_TIMEOUT_MS = 5_000;

/**
 * Starts a workflow whose id is used once: with REJECT_DUPLICATE a second start can never begin a new
 * run, even of a workflow that has finished, and "already started" counts as success, so a start is safe
 * to repeat (relay and recovery sweep, two API processes, a retry after a lost answer).
 */
export async function startWorkflowOnce(
  client: Client,
  workflowType: string,
  options: Omit<WorkflowStartOptions, 'workflowIdReusePolicy'>,
  timeoutMs = WORKFLOW_START_TIMEOUT_MS,
): Promise<void> {
  try {
    // Without a deadline an unreachable Temporal holds the start for about 20 s of gRPC retries.
    await client.withDeadline(Date.now() + timeoutMs, () =>
      client.workflow.start(workflowType, {
        ...options,
        workflowIdReusePolicy: WorkflowIdReusePolicy.REJECT_DUPLICATE,
      } as WorkflowStartOptions),
    );
  } catch (error) {
    if (error instanceof WorkflowExecutionAlreadyStartedError) return;
    throw error;
  }
}
