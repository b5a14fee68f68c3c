import { DomainError } from '@libs/platform/domain-error';
import { createAppLogger } from '@libs/platform/logging/app-logger';
import { OrderWorkflowRelay } from './order-workflow-relay';
import { type UnstartedOrder } from './unstarted-order.repository';
import { CapturedLog } from '@test/support/captured-log';

/** A promise the test settles. */
class Gate {
  resolve!: () => void;
  reject!: (error: unknown) => void;
  readonly promise = new Promise<void>((resolve, reject) => {
    this.resolve = resolve;
    this.reject = reject;
  });
}

const order = (orderid: string, testMode = true): UnstartedOrder => ({
  orderid,
  account: 'notaire@example.fr',
  externalId: `EXT-${orderid}`,
  testMode,
  createdAt: new Date('2025-03-25T17:32:39Z'),
});

/** Lets the relay react to settled promises. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

function setup(
  options: { concurrency: number; maxQueued: number; maxDeferMs?: number } = {
    concurrency: 2,
    maxQueued: 10,
  },
) {
  const log = new CapturedLog();
  /** What the relay sees of the API's requests in flight, and of the time. */
  const load = { busy: false };
  const clock = { now: 0 };
  /** One gate per order workflow start, opened by the test. */
  const starts = new Map<string, Gate>();
  const emails: string[] = [];
  const marks: string[][] = [];
  let markGate: Gate | null = null;
  const relay = new OrderWorkflowRelay(
    {
      start: (input) => {
        const gate = new Gate();
        starts.set(input.orderid, gate);
        return gate.promise;
      },
    },
    {
      start: async (request) => {
        emails.push(request.orderid);
      },
    },
    {
      markStarted: async (orderids) => {
        marks.push([...orderids]);
        if (markGate) await markGate.promise;
      },
    },
    createAppLogger({ level: 'info', service: 'test', destination: log.stream }),
    { maxDeferMs: 20_000, ...options },
    { busy: () => load.busy },
    () => clock.now,
  );
  return {
    relay,
    load,
    clock,
    starts,
    emails,
    marks,
    log,
    holdMarks: () => (markGate = new Gate()),
    warnings: () => log.lines().filter((line) => line.level === 'warn'),
  };
}

describe('OrderWorkflowRelay', () => {
  it('starts the order workflow, and a live order’s confirmation email, then records them started', async () => {
    const { relay, starts, emails, marks } = setup();
    relay.submit(order('LIVE01', false));
    relay.submit(order('TEST01', true));
    expect([...starts.keys()]).toEqual(['LIVE01', 'TEST01']);
    starts.get('LIVE01')!.resolve();
    starts.get('TEST01')!.resolve();
    await relay.drain();
    expect(emails).toEqual(['LIVE01']);
    expect(marks.flat()).toEqual(['LIVE01', 'TEST01']);
  });

  it('sends at most `concurrency` starts at once, in the order of submission', async () => {
    const { relay, starts } = setup({ concurrency: 2, maxQueued: 10 });
    for (const id of ['A00001', 'A00002', 'A00003', 'A00004']) relay.submit(order(id));
    expect([...starts.keys()]).toEqual(['A00001', 'A00002']);
    starts.get('A00002')!.resolve();
    await settle();
    expect([...starts.keys()]).toEqual(['A00001', 'A00002', 'A00003']);
  });

  it('records in one UPDATE the starts that finished while the previous UPDATE ran', async () => {
    const { relay, starts, marks, holdMarks } = setup({ concurrency: 3, maxQueued: 10 });
    const held = holdMarks();
    for (const id of ['B00001', 'B00002', 'B00003']) relay.submit(order(id));
    starts.get('B00001')!.resolve();
    await settle();
    starts.get('B00002')!.resolve();
    starts.get('B00003')!.resolve();
    await settle();
    expect(marks).toEqual([['B00001']]);
    held.resolve();
    await relay.drain();
    expect(marks).toEqual([['B00001'], ['B00002', 'B00003']]);
  });

  it('after a failed start leaves the queued orders to the sweep, warns once per outage, records nothing', async () => {
    const { relay, starts, marks, warnings } = setup({ concurrency: 1, maxQueued: 10 });
    for (const id of ['C00001', 'C00002', 'C00003']) relay.submit(order(id));
    starts.get('C00001')!.reject(new Error('14 UNAVAILABLE'));
    await settle();
    expect([...starts.keys()]).toEqual(['C00001']);
    relay.submit(order('C00004'));
    starts.get('C00004')!.reject(new Error('14 UNAVAILABLE'));
    await settle();
    expect(warnings()).toEqual([expect.objectContaining({ orderid: 'C00001', left: 2 })]);
    relay.submit(order('C00005'));
    starts.get('C00005')!.resolve();
    await relay.drain();
    expect(marks.flat()).toEqual(['C00005']);
  });

  it('queues at most `maxQueued` orders; the others are the sweep’s', async () => {
    const { relay, starts } = setup({ concurrency: 1, maxQueued: 2 });
    for (const id of ['D00001', 'D00002', 'D00003', 'D00004']) relay.submit(order(id));
    for (const id of ['D00001', 'D00002', 'D00003']) {
      starts.get(id)!.resolve();
      await settle();
    }
    expect([...starts.keys()]).toEqual(['D00001', 'D00002', 'D00003']);
  });

  it('does not start again a queued order that the sweep or a request started meanwhile', async () => {
    const { relay, starts, marks } = setup({ concurrency: 1, maxQueued: 10 });
    relay.submit(order('H00001'));
    relay.submit(order('H00002'));
    const bySweep = relay.startWorkflows(order('H00002'));
    expect([...starts.keys()]).toEqual(['H00001', 'H00002']);
    const sweepsGate = starts.get('H00002')!;
    sweepsGate.resolve();
    await bySweep;
    starts.get('H00001')!.resolve();
    await settle();
    await relay.drain();
    // The relay moved on without a second start of H00002 (its gate would have been replaced).
    expect(starts.get('H00002')).toBe(sweepsGate);
    expect(marks.flat()).toEqual(['H00001']);
  });

  it('joins a start already in flight for the same order', async () => {
    const { relay, starts } = setup();
    relay.submit(order('E00001'));
    const joined = relay.startWorkflows(order('E00001'));
    expect(starts.size).toBe(1);
    starts.get('E00001')!.resolve();
    await expect(joined).resolves.toBeUndefined();
  });

  describe('while the API serves a burst of requests', () => {
    beforeEach(() => jest.useFakeTimers({ doNotFake: ['setImmediate', 'performance'] }));
    afterEach(() => jest.useRealTimers());

    it('holds the starts back and sends them, in order, once the burst is over', async () => {
      const { relay, starts, load } = setup({ concurrency: 2, maxQueued: 10 });
      load.busy = true;
      for (const id of ['J00001', 'J00002', 'J00003']) relay.submit(order(id));
      jest.advanceTimersByTime(1_000);
      expect(starts.size).toBe(0);
      load.busy = false;
      jest.advanceTimersByTime(50);
      expect([...starts.keys()]).toEqual(['J00001', 'J00002']);
      starts.get('J00001')!.resolve();
      await settle();
      expect([...starts.keys()]).toEqual(['J00001', 'J00002', 'J00003']);
    });

    it('starts an order held back for `maxDeferMs` however busy the API still is', () => {
      const { relay, starts, load, clock } = setup({ concurrency: 4, maxQueued: 10, maxDeferMs: 20_000 });
      load.busy = true;
      relay.submit(order('K00001'));
      clock.now = 5_000;
      relay.submit(order('K00002'));
      clock.now = 19_999;
      jest.advanceTimersByTime(50);
      expect(starts.size).toBe(0);
      clock.now = 20_000;
      jest.advanceTimersByTime(50);
      expect([...starts.keys()]).toEqual(['K00001']);
      clock.now = 25_000;
      jest.advanceTimersByTime(50);
      expect([...starts.keys()]).toEqual(['K00001', 'K00002']);
    });

    it('leaves held-back orders to the sweep on drain, and stops looking', async () => {
      const { relay, starts, load, log } = setup();
      load.busy = true;
      relay.submit(order('L00001'));
      await relay.drain();
      load.busy = false;
      jest.advanceTimersByTime(1_000);
      expect(starts.size).toBe(0);
      expect(jest.getTimerCount()).toBe(0);
      expect(log.lines()).toContainEqual(expect.objectContaining({ orders: 1, level: 'info' }));
    });

    it('does not hold back a start asked for by a request (refresh, upload) or by the sweep', async () => {
      const { relay, starts, load } = setup();
      load.busy = true;
      relay.submit(order('M00001'));
      const bySweep = relay.startWorkflows(order('M00001'));
      expect([...starts.keys()]).toEqual(['M00001']);
      starts.get('M00001')!.resolve();
      await bySweep;
    });
  });

  describe('ensureStarted (refresh or upload right after creation)', () => {
    const row = { orderid: 'F00001', externalId: 'EXT', testMode: true, createdAt: new Date() };

    it('does nothing for an order whose workflows are recorded as started', async () => {
      const { relay, starts } = setup();
      await relay.ensureStarted({ ...row, workflowStartedAt: new Date() }, 'notaire@example.fr');
      expect(starts.size).toBe(0);
    });

    it('starts the workflows of an unstarted order now and records them', async () => {
      const { relay, starts, marks } = setup();
      const done = relay.ensureStarted({ ...row, workflowStartedAt: null }, 'notaire@example.fr');
      starts.get('F00001')!.resolve();
      await done;
      await relay.drain();
      expect(marks).toEqual([['F00001']]);
    });

    it('answers dependency_unavailable when Temporal does not take them', async () => {
      const { relay, starts } = setup();
      const done = relay.ensureStarted({ ...row, workflowStartedAt: null }, 'notaire@example.fr');
      const down = new Error('14 UNAVAILABLE');
      starts.get('F00001')!.reject(down);
      const error = await done.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect(error).toMatchObject({ code: 'dependency_unavailable', cause: down });
    });
  });

  it('on drain waits for the starts in flight and their records, and takes nothing more', async () => {
    const { relay, starts, marks, log } = setup({ concurrency: 1, maxQueued: 10 });
    for (const id of ['G00001', 'G00002', 'G00003']) relay.submit(order(id));
    const drained = relay.drain();
    relay.submit(order('G00004'));
    starts.get('G00001')!.resolve();
    await drained;
    expect([...starts.keys()]).toEqual(['G00001']);
    expect(marks).toEqual([['G00001']]);
    expect(log.lines()).toContainEqual(expect.objectContaining({ orders: 2, level: 'info' }));
  });
});
