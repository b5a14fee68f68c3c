import { type NextFunction, type Request, type Response } from 'express';
import { isOrderId } from '@libs/orders/order-id';
import { type AppLogger } from '@libs/platform/logging/app-logger';
import { type LogContext, runWithLogContext } from '@libs/platform/logging/log-context';

const ORDER_IN_PATH = /^\/order\/([^/]+)/;
const CONTEXTS = new WeakMap<Request, LogContext>();

/**
 * One line per request (method, path without the query string, status, duration), and the request
 * id and order id on every line logged while serving it. Never headers or bodies: what a client sends
 * may hold credentials, and the query string may hold a signed link's signature.
 */
export function requestLogMiddleware(logger: AppLogger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    const path = (req.originalUrl ?? req.url).split('?')[0]!;
    const inPath = ORDER_IN_PATH.exec(path)?.[1];
    const context: LogContext = { reqId: (req as Request & { id?: string }).id };
    if (isOrderId(inPath)) context.orderid = inPath;
    CONTEXTS.set(req, context);
    res.once('close', () => {
      const line = {
        ...context,
        method: req.method,
        path,
        status: res.statusCode,
        durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      };
      if (!res.writableFinished) logger.warn(line, 'request aborted by the client');
      else if (res.statusCode >= 500) logger.error(line, 'request failed');
      else logger.info(line, 'request completed');
    });
    runWithLogContext(context, next);
  };
}

/** A body read once the request is authenticated may name the order: its log lines name it from then on. */
export function noteOrderIdOfBody(req: Request): void {
  const context = CONTEXTS.get(req);
  const inBody = (req.body as { orderid?: unknown } | undefined)?.orderid;
  if (context && context.orderid === undefined && isOrderId(inBody)) context.orderid = inBody;
}
