import {
  type NotificationActivityDependencies,
  createNotificationActivities,
} from '@activities/notification.activities';
import { type OrderActivityDependencies, createOrderActivities } from '@activities/order.activities';

/** Notifications all delivered at the first attempt, emails all sent: nothing leaves the process. */
export const DELIVERING_NOTIFICATIONS: NotificationActivityDependencies = {
  notifications: {
    attempt: async () => ({ kind: 'delivered' }),
    attemptInOrder: async (ids) => ids.map(() => ({ kind: 'delivered' as const })),
    markFailed: async () => undefined,
  },
  unsettled: { unsettledOfOrder: async () => [] },
  confirmations: { send: async () => 'sent' },
};

/**
 * The service's activities, its own adapters, over the order side's dependencies a caller plays (the
 * rest absent: orders are not refreshed nor acted on by operators here, and routed only when the caller
 * plays the router), a pre-statement that takes no work unless given, and notifications that are all
 * delivered.
 */
export function standInActivities(
  order: Pick<OrderActivityDependencies, 'orders' | 'collection' | 'notificationQueue'> &
    Partial<Pick<OrderActivityDependencies, 'preStatements' | 'fulfilment'>>,
): object {
  return {
    ...createOrderActivities({
      // A pre-statement generated in no time, and nowhere.
      preStatements: {
        generate: async () => undefined,
      } as unknown as OrderActivityDependencies['preStatements'],
      fulfilment: {} as OrderActivityDependencies['fulfilment'],
      ...order,
      refreshes: {} as OrderActivityDependencies['refreshes'],
      operatorActions: {} as OrderActivityDependencies['operatorActions'],
    }),
    ...createNotificationActivities(DELIVERING_NOTIFICATIONS),
  };
}
