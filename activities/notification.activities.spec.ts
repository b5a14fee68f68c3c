import { type DeliveryOutcome } from '@libs/notifications/delivery/delivery-outcome';
import { NotificationNotFoundError } from '@libs/notifications/delivery/notification-delivery.service';
import {
  NOTIFICATION_BATCH_BUDGET_MS,
  type NotificationActivityDependencies,
  createNotificationActivities,
} from './notification.activities';

/** Activities over a delivery service whose batch call is `attemptInOrder`. */
function activitiesWith(attemptInOrder: NotificationActivityDependencies['notifications']['attemptInOrder']) {
  return createNotificationActivities({
    notifications: {
      attempt: async () => ({ kind: 'delivered' }),
      attemptInOrder,
      markFailed: async () => {},
    },
    unsettled: { unsettledOfOrder: async () => [] },
    confirmations: { send: async () => 'sent' },
  });
}

describe('deliverNotifications (a batch of one order’s queue)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('hands the batch to the delivery service with a time budget that closes after 20 s', async () => {
    let now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    const budget: boolean[] = [];
    const activities = activitiesWith(async (ids, goOn) => {
      expect(ids).toEqual(['a', 'b']);
      budget.push(goOn());
      now += NOTIFICATION_BATCH_BUDGET_MS - 1;
      budget.push(goOn());
      now += 1;
      budget.push(goOn());
      return [{ kind: 'delivered' }];
    });
    await expect(activities.deliverNotifications(['a', 'b'])).resolves.toEqual([{ kind: 'delivered' }]);
    expect(budget).toEqual([true, true, false]);
  });

  it('settles a first notification that does not exist with nothing to send; other errors are retried', async () => {
    const missing = new NotificationNotFoundError('no notification x');
    await expect(
      activitiesWith(async () => Promise.reject(missing)).deliverNotifications(['x', 'a']),
    ).resolves.toEqual([{ kind: 'no-callback' } satisfies DeliveryOutcome]);
    await expect(
      activitiesWith(async () => Promise.reject(new Error('database unavailable'))).deliverNotifications([
        'a',
      ]),
    ).rejects.toThrow('database unavailable');
  });
});
