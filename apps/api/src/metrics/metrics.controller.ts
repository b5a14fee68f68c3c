import { Controller, Get, Headers, Res } from '@nestjs/common';
import { type Response } from 'express';
import { Public } from '../platform/security/public.decorator';
import { Endpoint } from '../openapi/endpoint.decorator';
import { MetricsService } from './metrics.service';

@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: MetricsService) {}

  /** Prometheus text format; with METRICS_TOKEN set, `Authorization: Bearer <token>` is required. */
  @Public()
  @Get()
  @Endpoint({
    tag: 'operations',
    operationId: 'metrics',
    summary: 'Métriques Prometheus',
    description:
      'Format texte Prometheus : requêtes HTTP (nombre et latence par route et statut), commandes par ' +
      'état, transitions, tentatives de notification et échecs. Publique, sauf si `METRICS_TOKEN` est ' +
      'défini : `Authorization: Bearer <METRICS_TOKEN>` est alors exigé. Les métriques du worker (SDK ' +
      'Temporal, appels extranet) sont sur ses propres ports.',
    security: ['none', 'metricsToken'],
    ok: {
      description: 'Les séries, au format texte de Prometheus',
      content: {
        'text/plain': {
          schema: { type: 'string' },
          example:
            '# TYPE pre_statement_orders gauge\npre_statement_orders{state="done",test_mode="false"} 42\n',
        },
      },
    },
    errors: {
      401: {
        description: 'Jeton de métriques manquant ou faux (si METRICS_TOKEN est défini)',
        examples: ['unauthenticated'],
      },
    },
  })
  async scrape(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const text = await this.metrics.render(authorization);
    res.setHeader('Content-Type', this.metrics.contentType);
    return text;
  }
}
