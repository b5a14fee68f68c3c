import { orderWorkflowId } from '@libs/orders/order-id';
import { type TestResponse } from '../support/http-test-client';
import { type LifecycleStack, startLifecycleStack } from '../support/lifecycle-stack';
import { waitFor } from '../support/wait-for';
import { recordWorkflowHistory } from '../support/workflow-history-recorder';
import { workflowTaskFailures } from '../support/workflow-task-failures';

const FAST = { name: 'Foncia', username: 'jeanne.martin', password: 'pw' };

/**
 * Eight refreshes of one order at once. They used to enter the workflow's refresh handler together
 * (its lock woke every waiter at once): the run failed its workflow tasks with nondeterminism errors,
 * the refreshes answered 503, and the order stayed stuck. They now take turns. A rarer failed task
 * stayed (CI, once): a refresh cancelled the collection while a local step of it completed; the
 * collection's local steps take their turn too since (test/integration/local-activity-cancellation).
 */
describe('concurrent refreshes of one order (API, worker, Temporal, all real)', () => {
  let stack: LifecycleStack;

  beforeAll(async () => {
    stack = await startLifecycleStack();
  });
  afterAll(() => stack.close());

  const refreshAtOnce = (orderid: string): Promise<TestResponse[]> =>
    Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        stack.http.post(
          `/order/${orderid}/refresh`,
          { comment: `relance ${i}`, syndic: FAST },
          stack.account.headers,
        ),
      ),
    );

  /** The run's workflow tasks that failed (a nondeterminism error shows as one). */
  const failedWorkflowTasks = async (orderid: string): Promise<number> => {
    const history = await stack.api.temporal.workflow.getHandle(orderWorkflowId(orderid)).fetchHistory();
    return workflowTaskFailures(history).length;
  };

  const expectAppliedOneByOne = async (orderid: string, answers: TestResponse[]): Promise<void> => {
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    for (const answer of answers) {
      expect(answer.json).toMatchObject({ payload: { orderid, state: 'need-refresh', refreshed: true } });
    }
    await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: 'done again' });
    const transitions = await stack.transitionsOf(orderid);
    expect(transitions.filter((t) => t.endsWith('>need-refresh'))).toHaveLength(8);
    expect(transitions.at(-1)).toBe('received>done');
    expect(await failedWorkflowTasks(orderid)).toBe(0);
    // One notification per state change (the creation's `confirmed` first), in their order.
    const states = transitions.map((t) => t.split('>')[1]);
    await waitFor(() => stack.receiver.statusesOf(orderid).length >= states.length, {
      what: 'every notification',
    });
    expect(stack.receiver.statusesOf(orderid)).toEqual(states);
  };

  it('answers 200 to each of eight refreshes of a done order, applied one after the other', async () => {
    const orderid = await stack.createOrder({ syndic: FAST });
    await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: 'done' });

    await expectAppliedOneByOne(orderid, await refreshAtOnce(orderid));
    // The order still takes refreshes afterwards.
    const again = await stack.http.post(`/order/${orderid}/refresh`, {}, stack.account.headers);
    expect(again.status).toBe(200);
    await recordWorkflowHistory(
      stack.api.config.temporal.address,
      orderWorkflowId(orderid),
      'concurrent-refreshes',
    );
  });

  it('answers 200 to each of eight refreshes sent right after creation, while the extranet is slow', async () => {
    // The first refresh may come before the relay starts the workflow; the collection is under way
    // (every sandbox answer takes 1.5 s) when the others arrive and restart it.
    const orderid = await stack.createOrder({ syndic: { ...FAST, username: 'sandbox-slow' } });
    await expectAppliedOneByOne(orderid, await refreshAtOnce(orderid));
  });
});
