import { type AuthenticatedAccount } from '@libs/accounts/authenticated-account';
import { type OrderOwnership } from '@libs/orders/order-ownership';
import { type OrderEntity } from '@libs/persistence/entities/order.entity';
import { DomainError } from '@libs/platform/domain-error';
import { type NotificationRepository } from './notification.repository';
import { type NotificationWorkflowStarter } from './notification-workflow-starter';
import { TestNotificationService } from './test-notification.service';

/**
 * A test event must come after the creation's `confirmed`, the first notification of every order; the
 * order's workflow queues that one, and its start may still be held back (a burst, Temporal away).
 */
describe('TestNotificationService', () => {
  const caller = { id: 'acc-1', email: 'etude@example.fr' } as unknown as AuthenticatedAccount;
  const order = { orderid: 'T3STAB', testMode: true, version: 1, workflowStartedAt: null } as OrderEntity;
  const steps: string[] = [];
  const build = (ensureStarted: () => Promise<void>) =>
    new TestNotificationService(
      { orderOf: async () => order } as unknown as OrderOwnership,
      {
        create: async () => {
          steps.push('created');
          return 'n-1';
        },
        discard: async () => undefined,
      } as unknown as NotificationRepository,
      {
        enqueue: async () => {
          steps.push('queued');
        },
      } as unknown as NotificationWorkflowStarter,
      { ensureStarted },
    );

  beforeEach(() => steps.splice(0));

  it('starts the order’s workflows before queuing the event', async () => {
    const service = build(async () => {
      steps.push('started');
    });
    await expect(service.send(caller, order.orderid, 'done')).resolves.toEqual({
      event: 'done',
      notification_id: 'n-1',
      orderid: order.orderid,
    });
    expect(steps).toEqual(['started', 'created', 'queued']);
  });

  it('creates nothing when they cannot be started', async () => {
    const service = build(async () => {
      throw new DomainError('dependency_unavailable');
    });
    await expect(service.send(caller, order.orderid, 'done')).rejects.toMatchObject({
      code: 'dependency_unavailable',
    });
    expect(steps).toEqual([]);
  });
});
