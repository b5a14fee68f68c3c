import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Connection } from '@temporalio/client';
import { temporal } from '@temporalio/proto';
import { closedPort } from '../support/closed-port';
import { REPO_ROOT, TEST_VAR_DIR, TEST_WORKFLOW_BUNDLE } from '../support/test-environment';
import { waitFor } from '../support/wait-for';

/** A TCP port that refuses connections until `open()`, then forwards them to `target`. */
class ClosedThenForwardingPort {
  private server: net.Server | null = null;
  readonly sockets = new Set<net.Socket>();

  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  static async reserve(target: { host: string; port: number }): Promise<ClosedThenForwardingPort> {
    return new ClosedThenForwardingPort(await closedPort(), target);
  }

  async open(): Promise<void> {
    this.server = net.createServer((client) => {
      const upstream = net.connect(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('error', () => socket.destroy());
        socket.on('close', () => this.sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/**
 * The compiled worker started while Temporal is unreachable: it must wait and say so, come up when
 * Temporal does (it then polls its task queue), and stop cleanly when asked to while still waiting.
 */
describe('worker started before Temporal', () => {
  const id = randomUUID().slice(0, 8);
  const dist = path.join(TEST_VAR_DIR, `worker-wait-${id}`, 'dist');
  const [temporalHost, temporalPort] = (process.env.TEMPORAL_ADDRESS ?? '').split(':') as [string, string];
  const target = {
    host: temporalHost === 'localhost' ? '127.0.0.1' : temporalHost,
    port: Number(temporalPort),
  };
  const children: ChildProcess[] = [];
  const ports: ClosedThenForwardingPort[] = [];

  beforeAll(() => {
    execFileSync(
      process.execPath,
      ['scripts/build.js', '--quiet', '--no-bundle', '--out-dir', path.relative(REPO_ROOT, dist)],
      { cwd: REPO_ROOT, stdio: 'pipe' },
    );
  });

  afterAll(async () => {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await Promise.all(children.map(exitOf));
    await Promise.all(ports.map((port) => port.close()));
    fs.rmSync(path.dirname(dist), { recursive: true, force: true });
  });

  async function startWorker(temporalAddress: string, taskQueue: string) {
    const logFile = path.join(path.dirname(dist), `${taskQueue}.log`);
    const log = fs.openSync(logFile, 'w');
    const child = spawn(process.execPath, [path.join(dist, 'apps/worker/src/main.js')], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        TEMPORAL_ADDRESS: temporalAddress,
        TEMPORAL_TASK_QUEUE: taskQueue,
        WORKFLOW_BUNDLE_PATH: TEST_WORKFLOW_BUNDLE,
        WORKER_METRICS_PORT: '0',
        WORKER_APP_METRICS_PORT: '0',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', log, log],
    });
    children.push(child);
    const lines = () =>
      fs
        .readFileSync(logFile, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; level?: string });
    return { child, lines };
  }

  it('waits with a clear log line, then polls its task queue once Temporal is reachable', async () => {
    const port = await ClosedThenForwardingPort.reserve(target);
    ports.push(port);
    const taskQueue = `worker-wait-${id}`;
    const worker = await startWorker(`127.0.0.1:${port.port}`, taskQueue);

    await waitFor(
      () => worker.lines().some((l) => l.level === 'warn' && /Temporal is not reachable/.test(l.msg ?? '')),
      { what: 'the worker to say it waits for Temporal', timeoutMs: 20_000 },
    );
    // Several retries later it is still there, rather than exited as before.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect({ exitCode: worker.child.exitCode, signal: worker.child.signalCode }).toEqual({
      exitCode: null,
      signal: null,
    });

    await port.open();
    await waitFor(() => worker.lines().some((l) => l.msg === 'Worker polling its task queues'), {
      what: 'the worker to start polling',
      timeoutMs: 30_000,
    });
    const connection = await Connection.connect({ address: `${target.host}:${target.port}` });
    try {
      await waitFor(
        async () => {
          const { pollers } = await connection.workflowService.describeTaskQueue({
            namespace: 'default',
            taskQueue: { name: taskQueue },
            taskQueueType: temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
          });
          return (pollers ?? []).length > 0;
        },
        { what: 'a poller on the task queue', timeoutMs: 20_000, intervalMs: 250 },
      );
    } finally {
      await connection.close();
    }

    worker.child.kill('SIGTERM');
    expect(await exitOf(worker.child)).toEqual({ code: 0, signal: null });
  });

  it('stops at once with exit code 0 when asked to while still waiting', async () => {
    const port = await ClosedThenForwardingPort.reserve(target);
    ports.push(port);
    const worker = await startWorker(`127.0.0.1:${port.port}`, `worker-wait-stop-${id}`);
    await waitFor(() => worker.lines().some((l) => /Temporal is not reachable/.test(l.msg ?? '')), {
      what: 'the worker to wait for Temporal',
      timeoutMs: 20_000,
    });
    const asked = Date.now();
    worker.child.kill('SIGTERM');
    expect(await exitOf(worker.child)).toEqual({ code: 0, signal: null });
    expect(Date.now() - asked).toBeLessThan(5_000);
  });
});
