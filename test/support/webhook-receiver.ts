import http from 'node:http';
import { type AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: http.IncomingHttpHeaders;
  /** The exact bytes received, as text. */
  raw: string;
  body: Record<string, unknown>;
  receivedAt: number;
}

/**
 * A callback receiver on loopback. `respond` decides the status of each request (default 200), so
 * tests can make it fail, slow down or go away.
 */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  respond: (
    req: ReceivedWebhook,
  ) => number | { status: number; headers?: Record<string, string>; delayMs?: number } = () => 200;
  private server: http.Server | null = null;
  /** Delayed answers not sent yet: cleared on stop, so a slow receiver does not outlive its test. */
  private readonly delayed = new Set<NodeJS.Timeout>();
  url = '';

  async start(port = 0): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        let body: Record<string, unknown> = {};
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          // kept raw
        }
        const webhook = { headers: req.headers, raw, body, receivedAt: Date.now() };
        const answer = this.respond(webhook);
        const { status, headers, delayMs } =
          typeof answer === 'number' ? { status: answer, headers: {}, delayMs: 0 } : answer;
        if (status >= 200 && status < 300) this.received.push(webhook);
        const timer = setTimeout(() => {
          this.delayed.delete(timer);
          res.writeHead(status, { 'Content-Type': 'text/plain', ...headers });
          res.end(status < 300 ? 'ok' : 'nope');
        }, delayMs ?? 0);
        this.delayed.add(timer);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
    return this;
  }

  forOrder(orderid: string): ReceivedWebhook[] {
    return this.received.filter((w) => w.body.orderid === orderid);
  }

  statusesOf(orderid: string): string[] {
    return this.forOrder(orderid).map((w) => String(w.body.status));
  }

  async stop(): Promise<void> {
    if (!this.server) return;
    for (const timer of this.delayed) clearTimeout(timer);
    this.delayed.clear();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = null;
  }
}
