import { type Connection } from '@temporalio/client';
import { type DataSource } from 'typeorm';

/**
 * A class so that the API documents this very shape (describeSchema); the code builds plain objects of it.
 */
export class HealthReport {
  database!: boolean;
  temporal!: boolean;
}

/** The longest pause of this process (a full GC, a burst of work) that does not make the check fail. */
const STALL_ALLOWANCE_MS = 2_000;

/**
 * Whether the API's dependencies answer. Both checks run at once, each bounded by `timeoutMs`
 * (HEALTH_CHECK_TIMEOUT): an orchestrator's probe gets its answer, naming what is down, within that
 * time whatever state the dependencies are in, rather than waiting for a dead one's connection retries.
 */
export class HealthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly temporal: Connection,
    private readonly timeoutMs: number,
  ) {}

  async check(): Promise<HealthReport> {
    const [database, temporal] = await Promise.all([
      this.withTimeout(this.dataSource.query('SELECT 1')),
      // The deadline ends the client's retries, which would otherwise go on long after the check. It
      // falls a stall's allowance after the verdict: due with it, it would cancel, once a stall ends, a
      // call whose answer is already in.
      this.withTimeout(
        this.temporal.withDeadline(Date.now() + this.timeoutMs + STALL_ALLOWANCE_MS, () =>
          this.temporal.workflowService.getSystemInfo({}),
        ),
      ),
    ]);
    return { database, temporal };
  }

  private async withTimeout(check: Promise<unknown>): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      // The verdict waits for the loop to read what the sockets hold: after a stall longer than the
      // bound (a GC pause, a burst of work), the timer fires before the answers that arrived in time
      // are read, and a healthy API answered 503.
      timer = setTimeout(() => setImmediate(() => resolve(false)), this.timeoutMs);
    });
    try {
      return await Promise.race([
        check.then(
          () => true,
          () => false,
        ),
        timeout,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }
}
