import { type DeliveryOutcome } from '../libs/notifications/delivery-outcome';
import {
  NOTIFICATION_BATCH_BUDGET_MS,
  type NotificationActivityDependencies,
  createNotificationActivities,
} from './notification.activities';

const retry: DeliveryOutcome = { kind: 'retry', retryAfterMs: null, error: 'HTTP 500' };

/** Activities whose attempts answer from a table (or throw), recording which notifications were tried. */
function activitiesAnswering(answers: Record<string, DeliveryOutcome | Error>, onAttempt = () => {}) {
  const attempted: string[] = [];
  const deps: NotificationActivityDependencies = {
    notifications: {
      attempt: async (id) => {
        attempted.push(id);
        onAttempt();
        const answer = answers[id];
        if (answer instanceof Error) throw answer;
        return answer ?? { kind: 'delivered' };
      },
      markFailed: async () => {},
    },
    confirmations: { send: async () => 'sent' },
  };
  return { activities: createNotificationActivities(deps), attempted };
}

describe('deliverNotifications (a batch of one order’s queue)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('attempts each in order while they settle', async () => {
    const { activities, attempted } = activitiesAnswering({
      b: { kind: 'gone' },
      c: { kind: 'no-callback' },
    });
    await expect(activities.deliverNotifications(['a', 'b', 'c'])).resolves.toEqual([
      { kind: 'delivered' },
      { kind: 'gone' },
      { kind: 'no-callback' },
    ]);
    expect(attempted).toEqual(['a', 'b', 'c']);
  });

  it('stops after the first that must be retried: no later one is sent before it', async () => {
    const { activities, attempted } = activitiesAnswering({ b: retry });
    await expect(activities.deliverNotifications(['a', 'b', 'c'])).resolves.toEqual([
      { kind: 'delivered' },
      retry,
    ]);
    expect(attempted).toEqual(['a', 'b']);
  });

  it('keeps what was settled when a later attempt fails, and throws when the first does', async () => {
    const broken = new Error('database unavailable');
    const later = activitiesAnswering({ b: broken });
    await expect(later.activities.deliverNotifications(['a', 'b', 'c'])).resolves.toEqual([
      { kind: 'delivered' },
    ]);
    const first = activitiesAnswering({ a: broken });
    await expect(first.activities.deliverNotifications(['a', 'b'])).rejects.toThrow('database unavailable');
  });

  it('treats an unknown notification as settled with nothing to send', async () => {
    const missing = Object.assign(new Error('no notification x'), { code: 'notification_not_found' });
    const { activities } = activitiesAnswering({ x: missing });
    await expect(activities.deliverNotifications(['x', 'a'])).resolves.toEqual([
      { kind: 'no-callback' },
      { kind: 'delivered' },
    ]);
  });

  it('starts no new attempt once its time budget is spent', async () => {
    let now = 1_000_000;
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    const { activities, attempted } = activitiesAnswering({}, () => {
      now += NOTIFICATION_BATCH_BUDGET_MS / 2;
    });
    await expect(activities.deliverNotifications(['a', 'b', 'c', 'd'])).resolves.toHaveLength(2);
    expect(attempted).toEqual(['a', 'b']);
  });
});
