import { type Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { startWorkflowOnce } from './start-workflow-once';

function fakeClient(outcome: unknown) {
  const calls: { type: string; options: Record<string, unknown>; deadline: number }[] = [];
  let deadline = 0;
  const client = {
    withDeadline: (at: number, fn: () => Promise<unknown>) => {
      deadline = at;
      return fn();
    },
    workflow: {
      start: (type: string, options: Record<string, unknown>) => {
        calls.push({ type, options, deadline });
        return outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve({});
      },
    },
  } as unknown as Client;
  return { client, calls };
}

describe('startWorkflowOnce', () => {
  it('starts with REJECT_DUPLICATE under a deadline, keeping the given options', async () => {
    const { client, calls } = fakeClient(null);
    const before = Date.now();
    await startWorkflowOnce(client, 'orderWorkflow', { taskQueue: 'q', workflowId: 'order-AB12CD' }, 5000);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.type).toBe('orderWorkflow');
    expect(calls[0]!.options).toEqual({
      taskQueue: 'q',
      workflowId: 'order-AB12CD',
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
    });
    expect(calls[0]!.deadline).toBeGreaterThanOrEqual(before + 5000);
    expect(calls[0]!.deadline).toBeLessThanOrEqual(Date.now() + 5000);
  });

  it('counts a workflow already started (running, or closed and never rerun) as started', async () => {
    const { client } = fakeClient(
      new WorkflowExecutionAlreadyStartedError(
        'Workflow execution already started',
        'order-AB12CD',
        'orderWorkflow',
      ),
    );
    await expect(
      startWorkflowOnce(client, 'orderWorkflow', { taskQueue: 'q', workflowId: 'order-AB12CD' }),
    ).resolves.toBeUndefined();
  });

  it('passes any other failure on', async () => {
    const down = new Error('14 UNAVAILABLE');
    const { client } = fakeClient(down);
    await expect(
      startWorkflowOnce(client, 'orderWorkflow', { taskQueue: 'q', workflowId: 'order-AB12CD' }),
    ).rejects.toBe(down);
  });
});
