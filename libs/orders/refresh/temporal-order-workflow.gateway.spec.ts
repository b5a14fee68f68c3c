import {
  ApplicationFailure,
  type Client,
  ServiceError,
  WorkflowNotFoundError,
  WorkflowUpdateFailedError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
} from '@temporalio/client';
import { DomainError } from '@libs/platform/domain-error';
import { type OrderRecord } from '../order-record';
import { TemporalOrderWorkflowGateway } from './temporal-order-workflow.gateway';

interface Calls {
  workflowIds: string[];
  updates: { name: string; options: unknown }[];
  signals: string[];
}

function fakeClient(outcome: { update?: unknown; error?: unknown }, calls: Calls): Client {
  const fail = () => Promise.reject(outcome.error);
  return {
    withDeadline: (_deadline: number, fn: () => Promise<unknown>) => fn(),
    workflow: {
      getHandle: (workflowId: string) => {
        calls.workflowIds.push(workflowId);
        return {
          executeUpdate: (name: string, options: unknown) => {
            calls.updates.push({ name, options });
            return outcome.error ? fail() : Promise.resolve(outcome.update);
          },
          signal: (name: string) => {
            calls.signals.push(name);
            return outcome.error ? fail() : Promise.resolve();
          },
        };
      },
    },
  } as unknown as Client;
}

function gateway(outcome: { update?: unknown; error?: unknown }) {
  const calls: Calls = { workflowIds: [], updates: [], signals: [] };
  return { gateway: new TemporalOrderWorkflowGateway(fakeClient(outcome, calls)), calls };
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('resolved');
}

const closed = new WorkflowUpdateFailedError(
  'Workflow Update failed',
  ApplicationFailure.create({ type: 'OrderClosed', message: 'The refresh window is over' }),
);
const grpcUnavailable = Object.assign(new Error('14 UNAVAILABLE: No connection established'), {
  code: 14,
  details: 'No connection established',
  metadata: {},
});

describe('TemporalOrderWorkflowGateway', () => {
  it('sends the refresh update to the order’s workflow with the request id as update id', async () => {
    const record = { orderid: 'AB12CD', state: 'need-refresh' } as OrderRecord;
    const { gateway: g, calls } = gateway({ update: record });
    await expect(g.refresh('AB12CD', 'req-1')).resolves.toBe(record);
    expect(calls.workflowIds).toEqual(['order-AB12CD']);
    expect(calls.updates).toEqual([
      { name: 'refresh', options: { args: [{ refreshRequestId: 'req-1' }], updateId: 'req-1' } },
    ]);
  });

  it('signals uploads to the order’s workflow', async () => {
    const { gateway: g, calls } = gateway({});
    await g.notifyDocumentsUploaded('AB12CD');
    expect(calls.workflowIds).toEqual(['order-AB12CD']);
    expect(calls.signals).toEqual(['documentsUploaded']);
  });

  it.each([
    ['the update validator refused the refresh as too late', closed],
    ['the workflow is unknown', new WorkflowNotFoundError('workflow not found', 'order-AB12CD', undefined)],
    [
      'the workflow already completed',
      new ServiceError('Workflow Update failed', {
        cause: Object.assign(new Error('5 NOT_FOUND: workflow execution already completed'), {
          details: 'workflow execution already completed',
        }),
      }),
    ],
  ])('reports a closed order when %s', async (_case, error) => {
    const refreshError = await failure(gateway({ error }).gateway.refresh('AB12CD', 'req-1'));
    expect(refreshError).toBeInstanceOf(DomainError);
    expect((refreshError as DomainError).code).toBe('order_closed');
  });

  it('reports a closed order when signalling a finished workflow', async () => {
    const error = new WorkflowNotFoundError(
      'workflow execution already completed',
      'order-AB12CD',
      undefined,
    );
    const signalError = await failure(gateway({ error }).gateway.notifyDocumentsUploaded('AB12CD'));
    expect((signalError as DomainError).code).toBe('order_closed');
  });

  it.each([
    [
      'a connection failure',
      new ServiceError('Failed to connect to Temporal server', { cause: new Error('x') }),
    ],
    ['an update deadline', new WorkflowUpdateRPCTimeoutOrCancelledError('Workflow update call timeout')],
    ['a raw gRPC error', grpcUnavailable],
  ])('reports Temporal as unavailable on %s, keeping the cause', async (_case, error) => {
    const refreshError = await failure(gateway({ error }).gateway.refresh('AB12CD', 'req-1'));
    expect(refreshError).toBeInstanceOf(DomainError);
    expect((refreshError as DomainError).code).toBe('dependency_unavailable');
    expect((refreshError as DomainError).cause).toBe(error);
  });

  it('leaves other update failures to the 500 path', async () => {
    const error = new WorkflowUpdateFailedError(
      'Workflow Update failed',
      ApplicationFailure.create({ type: 'Error' }),
    );
    expect(await failure(gateway({ error }).gateway.refresh('AB12CD', 'req-1'))).toBe(error);
  });
});
