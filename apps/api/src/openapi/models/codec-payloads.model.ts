import { ApiProperty } from '@nestjs/swagger';

export class CodecPayloadModel {
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Métadonnées de la charge utile, valeurs en base64',
    example: { encoding: 'YmluYXJ5L2VuY3J5cHRlZA==' },
  })
  metadata!: Record<string, string>;

  @ApiProperty({ description: 'Données en base64', example: 'AAECAwQ=' })
  data!: string;
}

/** The remote codec protocol's body, in and out (Temporal's `{"payloads": [...]}`), not the envelope. */
export class CodecPayloadsModel {
  @ApiProperty({ type: [CodecPayloadModel] })
  payloads!: CodecPayloadModel[];
}
