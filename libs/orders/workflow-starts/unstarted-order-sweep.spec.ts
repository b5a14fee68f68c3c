import { createAppLogger } from '@libs/platform/logging/app-logger';
import { UnstartedOrderSweep } from './unstarted-order-sweep';
import { type UnstartedOrder } from './unstarted-order.repository';
import { CapturedLog } from '@test/support/captured-log';

const order = (orderid: string): UnstartedOrder => ({
  orderid,
  account: 'notaire@example.fr',
  externalId: '',
  testMode: true,
  createdAt: new Date('2025-03-25T17:32:39Z'),
});

/**
 * A repository over an in-memory list of overdue orders: each call locks the next `limit` of them,
 * and those `start` returns are recorded as started.
 */
function setup(overdue: string[], startFails: (orderid: string) => boolean = () => false) {
  const log = new CapturedLog();
  const pending = [...overdue];
  const recorded: string[][] = [];
  const attempted: string[] = [];
  const graces: number[] = [];
  let databaseDown = false;
  const sweep = new UnstartedOrderSweep(
    {
      startWorkflows: async (o) => {
        attempted.push(o.orderid);
        if (startFails(o.orderid)) throw new Error('14 UNAVAILABLE');
      },
    },
    {
      withOverdue: async (graceMs, limit, start) => {
        graces.push(graceMs);
        if (databaseDown) throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        const locked = pending.slice(0, limit);
        const started = await start(locked.map(order));
        recorded.push(started);
        for (const id of started) pending.splice(pending.indexOf(id), 1);
        return locked.length;
      },
    },
    createAppLogger({ level: 'info', service: 'test', destination: log.stream }),
    { sweepIntervalMs: 1000, graceMs: 30_000, batchSize: 2, concurrency: 1 },
  );
  return {
    sweep,
    recorded,
    attempted,
    graces,
    pending,
    log,
    takeDatabaseDown: () => (databaseDown = true),
  };
}

describe('UnstartedOrderSweep', () => {
  it('starts the overdue orders batch after batch and records the ones started', async () => {
    const { sweep, recorded, graces, log } = setup(['A1', 'A2', 'A3', 'A4', 'A5']);
    await expect(sweep.sweep()).resolves.toBe(5);
    expect(recorded).toEqual([['A1', 'A2'], ['A3', 'A4'], ['A5']]);
    expect(graces.every((grace) => grace === 30_000)).toBe(true);
    expect(log.lines()).toContainEqual(expect.objectContaining({ level: 'info', orders: 5 }));
  });

  it('stops at the first failed start, records the ones started, and warns; the next pass retries', async () => {
    let down = true;
    const { sweep, recorded, attempted, pending, log } = setup(
      ['B1', 'B2', 'B3'],
      (id) => down && id === 'B2',
    );
    await expect(sweep.sweep()).resolves.toBe(1);
    expect(attempted).toEqual(['B1', 'B2']);
    expect(recorded).toEqual([['B1']]);
    expect(log.lines()).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        started: 1,
        err: expect.objectContaining({ message: '14 UNAVAILABLE' }),
      }),
    );
    down = false;
    await expect(sweep.sweep()).resolves.toBe(2);
    expect(pending).toEqual([]);
  });

  it('never rejects when the database is down', async () => {
    const { sweep, takeDatabaseDown, log } = setup(['C1']);
    takeDatabaseDown();
    await expect(sweep.sweep()).resolves.toBe(0);
    expect(log.lines()).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        err: expect.objectContaining({ message: expect.stringMatching(/ECONNREFUSED/) }),
      }),
    );
  });

  it('runs a pass every interval until stopped', async () => {
    jest.useFakeTimers();
    try {
      const { sweep, graces } = setup([]);
      sweep.start();
      await jest.advanceTimersByTimeAsync(999);
      expect(graces).toHaveLength(0);
      await jest.advanceTimersByTimeAsync(1);
      expect(graces).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1000);
      expect(graces).toHaveLength(2);
      await sweep.stop();
      await jest.advanceTimersByTimeAsync(5000);
      expect(graces).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
