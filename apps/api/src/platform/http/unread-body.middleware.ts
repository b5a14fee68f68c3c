import { type NextFunction, type Request, type Response } from 'express';

export interface UnreadBodyLimits {
  /** Bytes of an unread body discarded at most after the answer. */
  maxBytes: number;
  /** How long after the answer the rest of an unread body may take to arrive. */
  maxMs: number;
}

/**
 * Most refusals come before the body is read: rate limits, authentication, unknown routes and
 * methods, routes that take no body, a body announced beyond its limit. Node then discards the rest of
 * the body unparsed, so that the connection can carry the client's next request and the client reads
 * the answer instead of a reset (closing with unread data makes TCP send one). Discarding costs
 * almost nothing, but could be made to last: beyond `maxBytes` or `maxMs` after the answer, the
 * connection is closed.
 */
export function unreadBodyMiddleware(limits: UnreadBodyLimits) {
  return (req: Request, res: Response, next: NextFunction): void => {
    // Node's own 'finish' listener (registered first) has switched the request to discarding.
    res.once('finish', () => {
      if (req.complete) return;
      let discarded = 0;
      const close = () => req.socket.destroy();
      const timer = setTimeout(close, limits.maxMs);
      timer.unref();
      req.on('data', (chunk: Buffer) => {
        discarded += chunk.length;
        if (discarded > limits.maxBytes) close();
      });
      req.once('close', () => clearTimeout(timer));
    });
    next();
  };
}
