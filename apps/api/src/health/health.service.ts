import { type Connection } from '@temporalio/client';
import { type DataSource } from 'typeorm';

export interface HealthReport {
  database: boolean;
  temporal: boolean;
}

const CHECK_TIMEOUT_MS = 2000;

/** Whether the API's dependencies answer; each check bounded so the endpoint itself stays fast. */
export class HealthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly temporal: Connection,
  ) {}

  async check(): Promise<HealthReport> {
    const [database, temporal] = await Promise.all([
      withTimeout(this.dataSource.query('SELECT 1')),
      // The deadline also ends the client's retries, which would otherwise outlive the check.
      withTimeout(
        this.temporal.withDeadline(Date.now() + CHECK_TIMEOUT_MS, () =>
          this.temporal.workflowService.getSystemInfo({}),
        ),
      ),
    ]);
    return { database, temporal };
  }
}

async function withTimeout(check: Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
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
