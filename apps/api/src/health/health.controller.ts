import { Controller, Get, Res } from '@nestjs/common';
import { type Response } from 'express';
import { HEALTH_DEPENDENCY_NAMES, SUCCESS_MESSAGES, errorMessage } from '@libs/platform/messages.fr';
import { Public } from '../platform/security/public.decorator';
import { type Envelope } from '../platform/http/envelope';
import { Endpoint } from '../openapi/endpoint.decorator';
import { HEALTH_REPORT_SCHEMA } from './health-report.schema';
import { type HealthReport, HealthService } from './health.service';

@Controller('health')
export class HealthController {
  constructor(private readonly health: HealthService) {}

  /** 200 when PostgreSQL and Temporal answer; otherwise 503, the message naming what is down. */
  @Public()
  @Get()
  @Endpoint({
    tag: 'operations',
    operationId: 'health',
    summary: 'État de santé',
    description: '200 quand PostgreSQL et Temporal répondent, 503 sinon (le message nomme ce qui manque).',
    ok: {
      schema: HEALTH_REPORT_SCHEMA,
      description: 'Service opérationnel',
      message: SUCCESS_MESSAGES.serviceHealthy,
      examples: { ok: { summary: 'Service opérationnel', value: { database: true, temporal: true } } },
    },
    errors: { 503: { description: 'Une dépendance ne répond pas', examples: ['temporalDown'] } },
  })
  async check(@Res({ passthrough: true }) res: Response): Promise<Envelope<HealthReport>> {
    const report = await this.health.check();
    const down = (Object.keys(report) as (keyof HealthReport)[]).filter((name) => !report[name]);
    if (down.length === 0)
      return { message: SUCCESS_MESSAGES.serviceHealthy, payload: report, success: true };
    res.status(503);
    const names = down.map((name) => HEALTH_DEPENDENCY_NAMES[name]).join(', ');
    return { message: `${errorMessage('dependency_unavailable')} (${names})`, payload: null, success: false };
  }
}
