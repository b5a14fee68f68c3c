import { Controller, Get, Headers, Res } from '@nestjs/common';
import { type Response } from 'express';
import { Public } from '../platform/security/public.decorator';
import { MetricsDocs } from '../openapi/operations/operations.docs';
import { MetricsService } from './metrics.service';

@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  /** Prometheus text format; with METRICS_TOKEN set, `Authorization: Bearer <token>` is required. */
  @Public()
  @Get()
  @MetricsDocs()
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const text = await this.metrics.render(authorization);
    res.setHeader('Content-Type', this.metrics.contentType);
    return text;
  }
}
