import { timingSafeEqual } from 'node:crypto';
import { DomainError } from '@libs/platform/domain-error';
import { processMetricsRegistry, renderMetrics } from '@libs/platform/metrics/process-metrics';
import { bearerCredentials } from '@libs/security/bearer-credentials';
import { type ApiMetrics } from './api-metrics';

/** Renders the Prometheus text (the API's series and the process's), behind METRICS_TOKEN when set. */
export class MetricsService {
  constructor(
    private readonly metrics: ApiMetrics,
    private readonly token: string | null,
  ) {}

  get contentType(): string {
    return this.metrics.registry.contentType;
  }

  async render(authorization: string | undefined): Promise<string> {
    if (this.token !== null && !this.presents(authorization)) throw new DomainError('unauthenticated');
    return renderMetrics([this.metrics.registry, processMetricsRegistry()]);
  }

  private presents(authorization: string | undefined): boolean {
    const given = Buffer.from(bearerCredentials(authorization) ?? '');
    const expected = Buffer.from(this.token ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }
}
