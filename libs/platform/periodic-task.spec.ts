import { PeriodicTask } from './periodic-task';

describe('PeriodicTask', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('runs every interval from start() until stop()', async () => {
    let runs = 0;
    const task = new PeriodicTask(async () => ++runs, 1_000);
    task.start();
    await jest.advanceTimersByTimeAsync(999);
    expect(runs).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(runs).toBe(1);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(runs).toBe(3);
    await task.stop();
    await jest.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(3);
  });

  it('runs once at a time: run() during a run joins it, and the next waits for its end', async () => {
    let release!: () => void;
    let runs = 0;
    const task = new PeriodicTask(() => {
      runs++;
      return new Promise<number>((resolve) => (release = () => resolve(runs)));
    }, 100);
    task.start();
    await jest.advanceTimersByTimeAsync(100);
    const joined = task.run();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(1);
    release();
    await expect(joined).resolves.toBe(1);
    await jest.advanceTimersByTimeAsync(100);
    expect(runs).toBe(2);
    const stopped = task.stop();
    release();
    await stopped;
  });
});
