import { ApiProperty } from '@nestjs/swagger';

export class HealthReportModel {
  @ApiProperty({ description: 'PostgreSQL répond', example: true })
  database!: boolean;

  @ApiProperty({ description: 'Temporal répond', example: true })
  temporal!: boolean;
}
