import { type NextFunction, type Request, type Response } from 'express';
import { type ForegroundLoad } from '@libs/orders/workflow-starts/foreground-load';

/**
 * Counts the requests this process is serving, from their first middleware until their response is
 * finished or their connection closed. The process is busy from `busyFrom` requests at once (0: never):
 * the order workflow relay then holds its starts back.
 */
export class RequestsInFlight implements ForegroundLoad {
  private count = 0;

  constructor(private readonly busyFrom: number) {}

  busy(): boolean {
    return this.busyFrom > 0 && this.count >= this.busyFrom;
  }

  readonly middleware = (_req: Request, res: Response, next: NextFunction): void => {
    this.count++;
    // 'close' comes once per response, after it was sent or when the client went away.
    res.once('close', () => this.count--);
    next();
  };
}
