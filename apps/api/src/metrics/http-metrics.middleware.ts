import { type NextFunction, type Request, type Response } from 'express';
import { type HttpRequestMetrics } from '@libs/platform/metrics/http-request.metrics';
import { type RouteCatalog } from '../platform/http/route-catalog';

/** Label of requests no route serves (scanners, typos): one series for all of them. */
export const UNMATCHED_ROUTE = 'unmatched';

/**
 * Times every request to its last byte and counts it under its route pattern. The pattern comes from
 * the router's catalogue, so requests refused before routing (413, 415, 429…) keep their route.
 */
export function httpMetricsMiddleware(metrics: HttpRequestMetrics, routes: () => RouteCatalog) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.once('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const path = (req.originalUrl ?? req.url).split('?')[0]!;
      const route = routes().patternOf(req.method, path) ?? UNMATCHED_ROUTE;
      metrics.observe({ method: req.method, route, status: res.statusCode }, seconds);
    });
    next();
  };
}
