import { type Connection } from '@temporalio/client';
import { type DataSource } from 'typeorm';

/**
 * A class so that the API documents this very shape (describeSchema); the code builds plain objects of it.
 */
export class HealthReport {
  database!: boolean;
  temporal!: boolean;
}

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
      // The deadline also ends the client's retries, which would otherwise outlive the check.
      this.withTimeout(
        this.temporal.withDeadline(Date.now() + this.timeoutMs, () =>
          this.temporal.workflowService.getSystemInfo({}),
        ),
      ),
    ]);
    return { database, temporal };
  }

  private async withTimeout(check: Promise<unknown>): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.timeoutMs);
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
