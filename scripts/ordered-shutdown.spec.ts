import { type ChildProcess, spawn } from 'node:child_process';
import { waitFor } from '@test/support/wait-for';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { stopChild, stopInOrder } = require('./ordered-shutdown') as {
  stopChild(
    child: ChildProcess,
    options: { name: string; graceMs: number; log: (message: string) => void; killGroup?: boolean },
  ): Promise<void>;
  stopInOrder(
    groups: { name: string; child: ChildProcess; group?: boolean }[][],
    options?: { graceMs?: number; log?: (message: string) => void },
  ): Promise<void>;
};

/**
 * A Node process that says `ready`, then, on SIGTERM, says `term` and exits after `drainMs` (a worker
 * draining its activities), or never when `drainMs` is null.
 */
function stackProcess(drainMs: number | null, options: { detached?: boolean } = {}) {
  const onTerm =
    drainMs === null
      ? `process.stdout.write('term\\n')`
      : `process.stdout.write('term\\n'); setTimeout(() => process.exit(0), ${drainMs})`;
  const child = spawn(
    process.execPath,
    [
      '-e',
      `process.on('SIGTERM', () => { ${onTerm}; }); setInterval(() => {}, 1000); process.stdout.write('ready\\n');`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'], detached: options.detached ?? false },
  );
  const said = (word: string) =>
    new Promise<void>((resolve) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().split('\n').includes(word)) resolve();
      });
    });
  return { child, ready: said('ready'), term: said('term') };
}

const running = (child: ChildProcess) => child.exitCode === null && child.signalCode === null;

describe('stopping the stack in order (scripts/ordered-shutdown.js)', () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (running(child)) child.kill('SIGKILL');
  });

  it('signals Temporal only once the processes before it have drained and exited', async () => {
    const api = stackProcess(50);
    const worker = stackProcess(400);
    const temporal = stackProcess(0, { detached: true });
    children.push(api.child, worker.child, temporal.child);
    await Promise.all([api.ready, worker.ready, temporal.ready]);

    let servicesRunningWhenTemporalWasSignalled: boolean | null = null;
    void temporal.term.then(() => {
      servicesRunningWhenTemporalWasSignalled = running(api.child) || running(worker.child);
    });
    await stopInOrder(
      [
        [
          { name: 'api', child: api.child },
          { name: 'worker', child: worker.child },
        ],
        [{ name: 'temporal', child: temporal.child, group: true }],
      ],
      { graceMs: 10_000 },
    );
    await temporal.term;

    expect(servicesRunningWhenTemporalWasSignalled).toBe(false);
    for (const child of [api.child, worker.child, temporal.child]) expect(running(child)).toBe(false);
    expect(worker.child.exitCode).toBe(0);
  });

  it('kills a process that has not stopped within the grace time, and says so', async () => {
    const stuck = stackProcess(null);
    children.push(stuck.child);
    await stuck.ready;
    const lines: string[] = [];

    await stopInOrder([[{ name: 'worker', child: stuck.child }]], {
      graceMs: 300,
      log: (line) => lines.push(line),
    });

    expect(stuck.child.signalCode).toBe('SIGKILL');
    expect(lines).toEqual(['worker did not stop within 0.3 s: killing it']);
  });

  it("kills a stuck process's whole group when asked to (the cluster's supervisor), what it started included", async () => {
    // A detached process that ignores SIGTERM and has started a process of its own, in its group.
    const stuck = spawn(
      process.execPath,
      [
        '-e',
        `const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
         process.on('SIGTERM', () => {}); setInterval(() => {}, 1000); process.stdout.write(c.pid + '\\n');`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'], detached: true },
    );
    children.push(stuck);
    const grandchild = Number(
      await new Promise<string>((resolve) =>
        stuck.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString())),
      ),
    );
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    expect(alive(grandchild)).toBe(true);

    try {
      await stopChild(stuck, { name: 'temporal', graceMs: 300, log: () => undefined, killGroup: true });

      expect(stuck.signalCode).toBe('SIGKILL');
      await waitFor(async () => !alive(grandchild), { what: 'the process it started killed too' });
    } finally {
      if (alive(grandchild)) process.kill(grandchild, 'SIGKILL');
    }
  });

  it('passes over a process that has already exited', async () => {
    const gone = stackProcess(0);
    children.push(gone.child);
    await gone.ready;
    gone.child.kill('SIGKILL');
    await new Promise((resolve) => gone.child.once('exit', resolve));

    await expect(stopInOrder([[{ name: 'sandbox', child: gone.child }]], { graceMs: 300 })).resolves.toBe(
      undefined,
    );
  });
});
