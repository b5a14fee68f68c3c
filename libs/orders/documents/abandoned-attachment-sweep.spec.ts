import { createAppLogger } from '@libs/platform/logging/app-logger';
import { CapturedLog } from '@test/support/captured-log';
import { AbandonedAttachmentSweep } from './abandoned-attachment-sweep';

/** A writer over `abandoned` attachments: each call takes back the next `limit` stored before the cut. */
function setup(abandoned: number, options: { batchSize?: number; failAfter?: number } = {}) {
  const log = new CapturedLog();
  const cuts: Date[] = [];
  let left = abandoned;
  let calls = 0;
  const sweep = new AbandonedAttachmentSweep(
    {
      discardAbandoned: async (storedBefore, limit) => {
        cuts.push(storedBefore);
        calls++;
        if (options.failAfter !== undefined && calls > options.failAfter) {
          throw new Error('connect ECONNREFUSED 127.0.0.1:5432');
        }
        const taken = Math.min(limit, left);
        left -= taken;
        return taken;
      },
    },
    createAppLogger({ level: 'info', service: 'test', destination: log.stream }),
    { graceMs: 600_000, batchSize: options.batchSize ?? 2 },
    () => Date.parse('2026-12-02T10:00:00Z'),
  );
  return { sweep, cuts, log, left: () => left, calls: () => calls };
}

describe('AbandonedAttachmentSweep', () => {
  it('takes back batch after batch, stored before the grace, until a batch is short', async () => {
    const { sweep, cuts, log } = setup(5);
    await expect(sweep.pass()).resolves.toBe(5);
    expect(cuts).toHaveLength(3);
    expect(cuts.every((cut) => cut.toISOString() === '2026-12-02T09:50:00.000Z')).toBe(true);
    expect(log.lines()).toContainEqual(expect.objectContaining({ level: 'info', attachments: 5 }));
  });

  it('says nothing when there is nothing to take back', async () => {
    const { sweep, log } = setup(0);
    await expect(sweep.pass()).resolves.toBe(0);
    expect(log.lines()).toEqual([]);
  });

  it('never rejects when the database fails, says what it took back before, and tries again next pass', async () => {
    const { sweep, log, left } = setup(5, { failAfter: 1 });
    await expect(sweep.pass()).resolves.toBe(2);
    expect(left()).toBe(3);
    expect(log.lines()).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        attachments: 2,
        err: expect.objectContaining({ message: expect.stringMatching(/ECONNREFUSED/) }),
      }),
    );
  });

  it('leaves what one pass cannot empty to the next, rather than running on', async () => {
    const { sweep, calls, left } = setup(10_000, { batchSize: 1 });
    await expect(sweep.pass()).resolves.toBe(50);
    expect(calls()).toBe(50);
    expect(left()).toBe(9_950);
  });
});
