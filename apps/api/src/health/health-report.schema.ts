import { describeSchema } from '../openapi/described-schema';
import { HealthReport } from './health.service';

export const HEALTH_REPORT_SCHEMA = describeSchema(HealthReport, {
  database: { type: Boolean, description: 'PostgreSQL répond', example: true },
  temporal: { type: Boolean, description: 'Temporal répond', example: true },
});
