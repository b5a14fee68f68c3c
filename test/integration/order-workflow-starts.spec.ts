import { randomUUID } from 'node:crypto';
import { WorkflowNotFoundError } from '@temporalio/client';
import { confirmationEmailWorkflowId } from '@libs/notifications/notification-workflow.contract';
import { DOCUMENTS_UPLOADED_SIGNAL } from '@libs/orders/order-workflow.contract';
import { orderWorkflowId } from '@libs/orders/order-id';
import { generateOrderId } from '@libs/orders/creation/order-id-generator';
import { OrderRepository } from '@libs/orders/order.repository';
import { orderProcessingSettings } from '@libs/orders/workflow-starts/order-processing-settings';
import { TemporalConfirmationEmailStarter } from '@libs/orders/confirmation-email/temporal-confirmation-email.starter';
import { TemporalOrderWorkflowStarter } from '@libs/orders/workflow-starts/temporal-order-workflow.starter';
import { type ApiTestApp, startApiTestApp } from '../support/api-test-app';
import { uploadItem } from '../support/document-fixtures';
import { HttpTestClient } from '../support/http-test-client';
import { type LifecycleStack, startLifecycleStack } from '../support/lifecycle-stack';
import { orderBody } from '../support/order-fixtures';
import { orderWorkflowsStarted } from '../support/order-workflows';
import { waitFor } from '../support/wait-for';

/**
 * Orders are committed first and their workflows started right after, by the API's relay or, when that
 * failed, by its recovery sweep. `down` is an API process of the same stack that cannot reach Temporal:
 * the orders it accepts stay unstarted, as after a Temporal outage or a crash right after the commit.
 */
describe('order workflow starts (relay and recovery sweep; API, worker and Temporal, all real)', () => {
  let stack: LifecycleStack;
  let down: ApiTestApp;
  let orders: OrderRepository;

  beforeAll(async () => {
    stack = await startLifecycleStack({ ORDER_START_GRACE: '0s' });
    down = await startApiTestApp({
      env: { ...stack.env, TEMPORAL_ADDRESS: '127.0.0.1:1', TEMPORAL_CLIENT_MAX_ATTEMPTS: '2' },
    });
    orders = new OrderRepository(stack.api.dataSource);
  });
  afterAll(async () => {
    await down?.close();
    await stack?.close();
  });

  /** An order of the stack's account accepted while Temporal was unreachable. */
  async function createUnstartedOrder(overrides: Record<string, unknown>): Promise<string> {
    const res = await new HttpTestClient(down.baseUrl).post(
      '/order/',
      orderBody(overrides),
      stack.account.headers,
    );
    expect(res.status).toBe(200);
    const { orderid } = (res.json as { payload: { orderid: string } }).payload;
    expect((await orders.findById(orderid))!.workflowStartedAt).toBeNull();
    return orderid;
  }

  /** A live order's syndic: its extranet is the stack's syndic extranet (there is no default one). */
  const liveSyndic = () => ({
    name: 'Foncia',
    username: 'marie.dupont',
    password: 's3cret-syndic',
    url: stack.syndicExtranetUrl,
  });
  const describeWorkflow = (workflowId: string) =>
    stack.api.temporal.workflow.getHandle(workflowId).describe();
  const workflowStarted = (orderid: string) => orderWorkflowsStarted(stack.api.dataSource, orderid);

  it('starts both workflows of a live order right after its creation, only the order’s in test mode', async () => {
    const live = await stack.createOrder({ test_mode: false, syndic: liveSyndic() });
    const test = await stack.createOrder({ test_mode: true });
    await Promise.all([workflowStarted(live), workflowStarted(test)]);
    expect((await describeWorkflow(orderWorkflowId(live))).taskQueue).toBe(stack.env.TEMPORAL_TASK_QUEUE);
    expect((await describeWorkflow(confirmationEmailWorkflowId(live))).taskQueue).toBe(
      stack.env.TEMPORAL_TASK_QUEUE,
    );
    await describeWorkflow(orderWorkflowId(test));
    await expect(describeWorkflow(confirmationEmailWorkflowId(test))).rejects.toBeInstanceOf(
      WorkflowNotFoundError,
    );
    await waitFor(async () => (await orders.findById(live))!.confirmationEmailSentAt, {
      what: 'the confirmation email',
    });
  });

  it('leaves the orders unstarted when a sweep cannot reach Temporal, without failing', async () => {
    const orderid = await createUnstartedOrder({ test_mode: true });
    await expect(down.sweep.sweep()).resolves.toBe(0);
    expect((await orders.findById(orderid))!.workflowStartedAt).toBeNull();
    await stack.api.sweep.sweep();
    await workflowStarted(orderid);
  });

  it('sweeps the orders left unstarted: their workflows start and the orders are processed', async () => {
    const live = await createUnstartedOrder({ test_mode: false, syndic: liveSyndic() });
    const test = await createUnstartedOrder({ test_mode: true });
    expect(await stack.api.sweep.sweep()).toBeGreaterThanOrEqual(2);
    expect((await orders.findById(live))!.workflowStartedAt).not.toBeNull();
    expect((await orders.findById(test))!.workflowStartedAt).not.toBeNull();
    await describeWorkflow(confirmationEmailWorkflowId(live));
    await expect(describeWorkflow(confirmationEmailWorkflowId(test))).rejects.toBeInstanceOf(
      WorkflowNotFoundError,
    );
    for (const orderid of [live, test]) {
      await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: `${orderid} done` });
      expect(await stack.transitionsOf(orderid)).toEqual([
        '>confirmed',
        'confirmed>received',
        'received>done',
      ]);
      await waitFor(() => stack.receiver.statusesOf(orderid).length === 3, { what: 'notifications' });
      expect(stack.receiver.statusesOf(orderid)).toEqual(['confirmed', 'received', 'done']);
    }
    await waitFor(async () => (await orders.findById(live))!.confirmationEmailSentAt, {
      what: 'the confirmation email',
    });
  });

  it('applies a refresh sent before the order’s workflow was started, starting it first', async () => {
    const orderid = await createUnstartedOrder({ test_mode: true });
    const res = await stack.http.post(
      `/order/${orderid}/refresh`,
      { method: 'extranet', comment: 'Aussitôt après la création' },
      stack.account.headers,
    );
    expect(res.status).toBe(200);
    expect((res.json as { payload: { state: string; refreshed: boolean } }).payload).toMatchObject({
      state: 'need-refresh',
      refreshed: true,
    });
    await workflowStarted(orderid);
    await waitFor(async () => (await stack.stateOf(orderid)) === 'done', { what: 'done' });
    // The creation's notification still comes first, before the refresh's.
    const states = (await stack.transitionsOf(orderid)).map((t) => t.split('>')[1]);
    expect(states).toContain('need-refresh');
    await waitFor(() => stack.receiver.statusesOf(orderid).length === states.length, {
      what: 'notifications',
    });
    expect(stack.receiver.statusesOf(orderid)).toEqual(states);
    expect(states[0]).toBe('confirmed');
  });

  it('stores and signals an upload sent before the order’s workflow was started, starting it first', async () => {
    const orderid = await createUnstartedOrder({ method: 'upload', syndic: undefined, test_mode: true });
    const res = await stack.http.post(
      `/order/${orderid}/documents`,
      { documents: [uploadItem()] },
      stack.account.headers,
    );
    expect(res.status).toBe(200);
    await workflowStarted(orderid);
    // A signal received while a workflow task runs enters the history once that task completes.
    const handle = stack.api.temporal.workflow.getHandle(orderWorkflowId(orderid));
    await waitFor(
      async () =>
        ((await handle.fetchHistory()).events ?? []).some(
          (e) => e.workflowExecutionSignaledEventAttributes?.signalName === DOCUMENTS_UPLOADED_SIGNAL,
        ),
      { what: 'the documents-uploaded signal in the history' },
    );
  });

  describe('a start repeated (relay and sweep, two API processes, a lost answer)', () => {
    // A task queue no worker polls: the workflows stay as started.
    const taskQueue = `starts-unpolled-${randomUUID().slice(0, 8)}`;

    it('is success for a running order workflow and never begins a new run, even of a closed one', async () => {
      const starter = new TemporalOrderWorkflowStarter(
        stack.api.temporal,
        taskQueue,
        orderProcessingSettings(stack.api.config.lifecycle, stack.api.config.extranet),
      );
      const input = { orderid: generateOrderId(), account: 'a@example.fr', externalId: '', testMode: true };
      const handle = stack.api.temporal.workflow.getHandle(orderWorkflowId(input.orderid));
      await starter.start(input);
      const { runId } = await handle.describe();
      await expect(starter.start(input)).resolves.toBeUndefined();
      await handle.terminate('the order is over');
      await expect(starter.start(input)).resolves.toBeUndefined();
      const after = await handle.describe();
      expect(after.runId).toBe(runId);
      expect(after.status.name).toBe('TERMINATED');
    });

    it('is success for a confirmation email, which is never sent twice', async () => {
      const starter = new TemporalConfirmationEmailStarter(stack.api.temporal, taskQueue, 60_000);
      const request = { orderid: generateOrderId(), account: 'a@example.fr', requestedAt: new Date() };
      const handle = stack.api.temporal.workflow.getHandle(confirmationEmailWorkflowId(request.orderid));
      await starter.start(request);
      const { runId } = await handle.describe();
      await handle.terminate('sent');
      await expect(starter.start(request)).resolves.toBeUndefined();
      expect((await handle.describe()).runId).toBe(runId);
    });
  });
});
