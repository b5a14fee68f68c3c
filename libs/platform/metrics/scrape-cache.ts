/**
 * A value read at scrape time, read at most once per `cacheMs` however many series and Prometheus
 * servers ask: the promise of the last read is shared, a read in flight included.
 */
export class ScrapeCache<T> {
  private cached: { at: number; value: Promise<T> } | null = null;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly cacheMs: number,
    private readonly now: () => number,
  ) {}

  get(): Promise<T> {
    const now = this.now();
    if (this.cached === null || now - this.cached.at >= this.cacheMs) {
      this.cached = { at: now, value: this.read() };
    }
    return this.cached.value;
  }
}
