import { nextNotificationRetryDelay } from './notification-retry-schedule';

describe('nextNotificationRetryDelay', () => {
  const settings = {
    notificationRetryDelaysMs: [5000, 300_000, 1_800_000],
    notificationDeadlineMs: 3_600_000,
  };
  const middle = () => 0.5;

  it('follows the schedule and repeats its last delay', () => {
    const delays = [0, 1, 2, 3, 7].map((index) =>
      nextNotificationRetryDelay(settings, { index, retryAfterMs: null, elapsedMs: 0 }, middle),
    );
    expect(delays).toEqual([5000, 300_000, 1_800_000, 1_800_000, 1_800_000]);
  });

  it('jitters by ±10 %', () => {
    const at = (r: number) =>
      nextNotificationRetryDelay(settings, { index: 0, retryAfterMs: null, elapsedMs: 0 }, () => r);
    expect(at(0)).toBe(4500);
    expect(at(0.999999)).toBe(5500);
  });

  it('lets Retry-After lengthen the planned delay, never shorten it', () => {
    const lengthens = { ...settings, notificationDeadlineMs: 100 * 3_600_000, retryAfterLengthensOnly: true };
    // A receiver answering 429 with Retry-After: 1 for days: the delays grow as planned all the same.
    const delays = [0, 1, 2, 8].map((index) =>
      nextNotificationRetryDelay(lengthens, { index, retryAfterMs: 1000, elapsedMs: 0 }, middle),
    );
    expect(delays).toEqual([5000, 300_000, 1_800_000, 1_800_000]);
    // Asked for longer than planned, it waits as asked.
    expect(
      nextNotificationRetryDelay(lengthens, { index: 0, retryAfterMs: 3_600_000, elapsedMs: 0 }, middle),
    ).toBe(3_600_000);
  });

  it('uses Retry-After instead in runs started before, without drawing randomness', () => {
    const random = jest.fn(() => 0.5);
    expect(nextNotificationRetryDelay(settings, { index: 2, retryAfterMs: 7000, elapsedMs: 0 }, random)).toBe(
      7000,
    );
    expect(random).not.toHaveBeenCalled();
  });

  it('gives up when waiting would pass the deadline', () => {
    expect(
      nextNotificationRetryDelay(settings, { index: 2, retryAfterMs: null, elapsedMs: 1_800_000 }, middle),
    ).toBe(1_800_000);
    expect(
      nextNotificationRetryDelay(settings, { index: 2, retryAfterMs: null, elapsedMs: 1_800_001 }, middle),
    ).toBeNull();
    expect(
      nextNotificationRetryDelay(
        { notificationRetryDelaysMs: [], notificationDeadlineMs: 1000 },
        { index: 0, retryAfterMs: null, elapsedMs: 0 },
        middle,
      ),
    ).toBeNull();
  });

  it('spans more than 3 days with the default schedule before the 4-day deadline', () => {
    const defaults = {
      notificationRetryDelaysMs: [5, 300, 1800, 7200, 18_000, 36_000, 50_400, 72_000, 86_400].map(
        (s) => s * 1000,
      ),
      notificationDeadlineMs: 4 * 86_400_000,
    };
    let elapsed = 0;
    let attempts = 1;
    for (let index = 0; ; index++) {
      const delay = nextNotificationRetryDelay(
        defaults,
        { index, retryAfterMs: null, elapsedMs: elapsed },
        middle,
      );
      if (delay === null) break;
      elapsed += delay;
      attempts++;
    }
    expect(elapsed).toBeGreaterThan(3 * 86_400_000);
    expect(elapsed).toBeLessThanOrEqual(4 * 86_400_000);
    expect(attempts).toBe(10);
  });
});
