import { orderNotificationsWorkflowId } from '@libs/notifications/notification-workflow.contract';
import { orderWorkflowId } from '@libs/orders/order-id';
import { ORDER_SEARCH_ATTRIBUTES } from '@libs/orders/search-attributes';
import { type EnhancedStackTrace } from '@temporalio/workflow';
import { type LifecycleStack, startLifecycleStack } from '../support/lifecycle-stack';
import { waitFor } from '../support/wait-for';
import { recordWorkflowHistory } from '../support/workflow-history-recorder';

describe('order lifecycle (API, worker, sandbox extranet and Temporal, all real)', () => {
  let stack: LifecycleStack;

  beforeAll(async () => {
    stack = await startLifecycleStack();
  });
  afterAll(() => stack.close());

  it('goes straight to done and notifies every state change in order', async () => {
    const orderid = await stack.createOrder({
      syndic: { name: 'Foncia', username: 'jeanne.martin', password: 'pw' },
    });
    await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: 'done' });
    expect(await stack.transitionsOf(orderid)).toEqual(['>confirmed', 'confirmed>received', 'received>done']);
    await waitFor(() => stack.receiver.statusesOf(orderid).length === 3, { what: 'notifications' });
    expect(stack.receiver.statusesOf(orderid)).toEqual(['confirmed', 'received', 'done']);
    const record = (await stack.http.get(`/order/${orderid}`, stack.account.headers)).json as {
      payload: { pending: boolean; refreshed: boolean };
    };
    expect(record.payload).toMatchObject({ pending: false, refreshed: false });
    // The workflow sets the search attribute after the transition is recorded and its notification
    // queued, once that step's task completes: the notifications may all be in before it is.
    const workflow = stack.api.temporal.workflow.getHandle(orderWorkflowId(orderid));
    const description = await waitFor(
      async () => {
        const current = await workflow.describe();
        return current.typedSearchAttributes.get(ORDER_SEARCH_ATTRIBUTES.orderState) === 'done'
          ? current
          : null;
      },
      { what: 'the orderState search attribute done' },
    );
    expect(description.typedSearchAttributes.get(ORDER_SEARCH_ATTRIBUTES.orderState)).toBe('done');
    await recordWorkflowHistory(
      stack.api.config.temporal.address,
      orderWorkflowId(orderid),
      'straight-to-done',
    );
  });

  it('waits for missing documents, finds them at the next poll, then completes', async () => {
    const orderid = await stack.createOrder({
      syndic: { name: 'Foncia', username: 'sandbox-missing-docs', password: 'pw' },
    });
    await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: 'done' });
    expect(await stack.transitionsOf(orderid)).toEqual([
      '>confirmed',
      'confirmed>received',
      'received>waiting',
      'waiting>received',
      'received>done',
    ]);
    await waitFor(() => stack.receiver.statusesOf(orderid).length === 5, { what: 'notifications' });
    expect(stack.receiver.statusesOf(orderid)).toEqual([
      'confirmed',
      'received',
      'waiting',
      'received',
      'done',
    ]);
    const { address } = stack.api.config.temporal;
    await recordWorkflowHistory(address, orderWorkflowId(orderid), 'missing-documents');
    await recordWorkflowHistory(address, orderNotificationsWorkflowId(orderid), 'missing-documents-queue');
  });

  it('waits on refused credentials, then completes after a refresh with good ones', async () => {
    const orderid = await stack.createOrder({
      syndic: { name: 'Foncia', username: 'sandbox-bad-credentials', password: 'x' },
    });
    await waitFor(async () => (await stack.stateOf(orderid)) === 'waiting', { what: 'waiting' });
    const refresh = await stack.http.post(
      `/order/${orderid}/refresh`,
      {
        method: 'extranet',
        comment: 'identifiants corrigés',
        syndic: { name: 'Foncia', username: 'jeanne.martin', password: 'ok' },
      },
      stack.account.headers,
    );
    expect(refresh.status).toBe(200);
    expect(refresh.json).toMatchObject({
      message: null,
      success: true,
      payload: { state: 'need-refresh', refreshed: true },
    });
    await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: 'done' });
    expect(await stack.transitionsOf(orderid)).toEqual([
      '>confirmed',
      'confirmed>waiting',
      'waiting>need-refresh',
      'need-refresh>received',
      'received>done',
    ]);
    await recordWorkflowHistory(
      stack.api.config.temporal.address,
      orderWorkflowId(orderid),
      'bad-credentials-then-refresh',
    );
  });

  it('refreshes a done order: need-refresh, then done again with refreshed true', async () => {
    const orderid = await stack.createOrder({
      syndic: { name: 'Foncia', username: 'paul.leroy', password: 'pw' },
    });
    await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: 'first done' });
    const refresh = await stack.http.post(
      `/order/${orderid}/refresh`,
      { method: 'extranet', comment: '' },
      stack.account.headers,
    );
    expect(refresh.status).toBe(200);
    await waitFor(async () => (await stack.transitionsOf(orderid)).length === 6, { what: 'second done' });
    expect((await stack.transitionsOf(orderid)).slice(3)).toEqual([
      'done>need-refresh',
      'need-refresh>received',
      'received>done',
    ]);
    const record = (await stack.http.get(`/order/${orderid}`, stack.account.headers)).json as {
      payload: { refreshed: boolean };
    };
    expect(record.payload.refreshed).toBe(true);
    await recordWorkflowHistory(
      stack.api.config.temporal.address,
      orderWorkflowId(orderid),
      'refresh-after-done',
    );
  });

  it('still shows where a waiting order stands in its stack trace query (the Temporal UI)', async () => {
    // Workflow code captures five frames per stack trace (workflow-stack-trace-limit.ts): enough for this.
    const orderid = await stack.createOrder({
      syndic: { name: 'Foncia', username: 'sandbox-bad-credentials', password: 'x' },
    });
    await waitFor(async () => (await stack.stateOf(orderid)) === 'waiting', { what: 'waiting' });
    const workflow = stack.api.temporal.workflow.getHandle(orderWorkflowId(orderid));
    expect(await workflow.query<string>('__stack_trace')).toMatch(
      /at orderWorkflow \(.*workflows\/order\.workflow\.ts:\d+/,
    );
    const { stacks } = await workflow.query<EnhancedStackTrace>('__enhanced_stack_trace');
    expect(stacks.flatMap((trace) => trace.locations)).toContainEqual(
      expect.objectContaining({
        function_name: 'orderWorkflow',
        file_path: expect.stringMatching(/workflows\/order\.workflow\.ts$/),
      }),
    );
  });
});
