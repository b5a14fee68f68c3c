import { randomUUID } from 'node:crypto';

export interface CreationOutcome {
  externalId: string;
  key: string;
  /** null when no API gave an answer before the deadline. */
  orderid: string | null;
  attempts: number;
  /** The last failure, for the report. */
  lastFailure: string | null;
}

/**
 * A client as the published interface asks integrators to write one: every creation carries an
 * `Idempotency-Key`, and a failure that may be transient (no connection, 5xx, 409 while the first
 * request with the key is in progress, 429) is retried with the same key and body, on the next API
 * process as a load balancer would.
 */
export class RetryingOrderClient {
  readonly failures = new Map<string, number>();

  constructor(
    private readonly apiUrls: string[],
    private readonly headers: Record<string, string>,
  ) {}

  async create(
    index: number,
    body: Record<string, unknown>,
    {
      deadlineMs,
      retryDelayMs = 250,
      firstApi = index % this.apiUrls.length,
    }: { deadlineMs: number; retryDelayMs?: number; firstApi?: number },
  ): Promise<CreationOutcome> {
    const key = randomUUID();
    const payload = JSON.stringify(body);
    const deadline = Date.now() + deadlineMs;
    let api = firstApi;
    let attempts = 0;
    let lastFailure: string | null = null;
    for (;;) {
      attempts += 1;
      try {
        const res = await fetch(`${this.apiUrls[api]}/order/`, {
          method: 'POST',
          headers: { ...this.headers, 'Content-Type': 'application/json', 'Idempotency-Key': key },
          body: payload,
          signal: AbortSignal.timeout(20_000),
        });
        const text = await res.text();
        if (res.status === 200) {
          const orderid = (JSON.parse(text) as { payload: { orderid: string } }).payload.orderid;
          return { externalId: String(body.external_id), key, orderid, attempts, lastFailure };
        }
        if (![409, 429].includes(res.status) && res.status < 500) {
          throw new Error(`creation refused with ${res.status}: ${text}`);
        }
        lastFailure = `${res.status} ${text.slice(0, 200)}`;
        this.count(`HTTP ${res.status}`);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('creation refused')) throw error;
        lastFailure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
        this.count('no answer');
      }
      if (Date.now() > deadline) {
        return { externalId: String(body.external_id), key, orderid: null, attempts, lastFailure };
      }
      api = (api + 1) % this.apiUrls.length;
      await new Promise((r) => setTimeout(r, retryDelayMs));
    }
  }

  private count(kind: string): void {
    this.failures.set(kind, (this.failures.get(kind) ?? 0) + 1);
  }
}
