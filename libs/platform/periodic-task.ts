/**
 * Runs a task every `intervalMs` (counted from the end of the previous run), one run at a time, from
 * `start()` until `stop()`. The task must not reject: it handles and logs its own failures, so that a
 * failed run never ends the schedule nor the process.
 */
export class PeriodicTask<T> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<T> | null = null;
  private stopped = true;

  constructor(
    private readonly task: () => Promise<T>,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule();
  }

  /** Stops the schedule; waits for the run in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One run now, or the one in progress. */
  run(): Promise<T> {
    this.running ??= this.task().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.run().then(() => this.schedule()), this.intervalMs);
    // What the process serves keeps it alive, not this timer.
    this.timer.unref();
  }
}
