import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker, bundleWorkflowCode } from '@temporalio/worker';
import { type AppConfig, loadConfig } from '@libs/platform/config/app-config';
import { quietWorkerLogs } from '../support/quiet-worker-logs';
import { waitFor } from '../support/wait-for';
import { workflowTaskFailures } from '../support/workflow-task-failures';
import {
  type InterruptedStepActivities,
  interruptSignal,
  interruptedLocalStep,
} from '../fixtures/workflows/interrupted-local-step.workflow';

/** Long enough (a few hundred ms) for the collection's step to complete during the handler's activation. */
const BUSY_ITERATIONS = 60_000_000;

interface Outcome {
  result: string;
  failedWorkflowTasks: string[];
  collectRuns: number;
}

/**
 * Eight refreshes of a done order failed a workflow task in CI as non-deterministic ("Invalid transition
 * in state machine"): a refresh cancels the running collection, and a local step of it had completed
 * while the worker ran the refresh's activation. Core had recorded the step's result; the activation
 * then asked to cancel it, a transition Core does not allow for a local activity. The run replayed and
 * recovered, at the cost of a failed task and a full replay. Dropping the late result in the workflow
 * instead is not deterministic (a replay delivers that result with the handler's, before the
 * cancellation); the order workflow's collection takes turns for its local steps with the handlers
 * since, so that none is running when a handler cancels. This reproduces the race on the suite's Temporal
 * server: the collection's step completes 20 ms after the handler's, while the handler keeps its
 * activation busy.
 */
describe('a local step its scope cancels while it completes (worker and Temporal real)', () => {
  let config: AppConfig;
  let connection: NativeConnection;
  let clientConnection: Connection;
  let client: Client;
  let workflowBundle: { code: string };

  beforeAll(async () => {
    quietWorkerLogs();
    config = loadConfig(process.env);
    workflowBundle = await bundleWorkflowCode({
      workflowsPath: require.resolve('../fixtures/workflows/interrupted-local-step.workflow'),
      logger: { trace() {}, debug() {}, info() {}, warn() {}, error: console.error, log() {} },
    });
    connection = await NativeConnection.connect({ address: config.temporal.address });
    clientConnection = await Connection.connect({ address: config.temporal.address });
    client = new Client({ connection: clientConnection, namespace: config.temporal.namespace });
  }, 120_000);
  afterAll(async () => {
    await clientConnection?.close();
    await connection?.close();
  });

  async function interrupt(turns: boolean): Promise<Outcome> {
    const taskQueue = `interrupted-local-step-${randomUUID()}`;
    let handlerStepDone!: () => void;
    const handlerStep = new Promise<void>((resolve) => (handlerStepDone = resolve));
    let collectRuns = 0;
    const activities: InterruptedStepActivities = {
      async record() {
        setImmediate(handlerStepDone);
      },
      async collect() {
        // Completes during the handler's busy activation; in turns, the handler waits for it instead.
        await Promise.race([handlerStep, sleep(300)]);
        await sleep(20);
        collectRuns++;
        return 'statement';
      },
    };
    const worker = await Worker.create({
      connection,
      namespace: config.temporal.namespace,
      taskQueue,
      workflowBundle,
      activities,
    });
    const running = worker.run();
    try {
      // Signalled with the start: the handler's step and the collection's run from the first task.
      const handle = await client.workflow.signalWithStart(interruptedLocalStep, {
        taskQueue,
        workflowId: `interrupted-local-step-${randomUUID()}`,
        args: [turns, BUSY_ITERATIONS],
        signal: interruptSignal,
      });
      // A failed task is retried, and the retry meets the same race: the run is ended at the first.
      const failedWorkflowTasks = await waitFor(
        async () => {
          const history = await handle.fetchHistory();
          const failed = workflowTaskFailures(history);
          const closed = (history.events ?? []).some((e) => e.workflowExecutionCompletedEventAttributes);
          return failed.length > 0 || closed ? failed : null;
        },
        { what: 'the run to complete or fail a task' },
      );
      let result = 'task failed';
      if (failedWorkflowTasks.length > 0) await handle.terminate('the race is reproduced');
      else result = await handle.result();
      return { result, failedWorkflowTasks, collectRuns };
    } finally {
      worker.shutdown();
      await running;
    }
  }

  it('fails a workflow task when a handler cancels a local step that completes meanwhile (the SDK defect)', async () => {
    const outcome = await interrupt(false);
    // When this no longer fails a task, an SDK upgrade fixed it: the turns keep the handlers' order still.
    expect(outcome.failedWorkflowTasks).toEqual(
      expect.arrayContaining([expect.stringMatching(/Nondeterminism error: Invalid transition/)]),
    );
  }, 60_000);

  it('fails no task when the local step and the handler take turns: the cancellation finds the step waiting', async () => {
    const outcome = await interrupt(true);
    expect(outcome.failedWorkflowTasks).toEqual([]);
    // The signal's handler (run before the workflow's first step) took the first turn; the cancellation
    // ended the collection's wait for its turn, and its step never started.
    expect(outcome.result).toBe('interrupted');
    expect(outcome.collectRuns).toBe(0);
  }, 60_000);
});
