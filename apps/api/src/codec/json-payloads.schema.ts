import { JsonPayload, JsonPayloads } from '@libs/platform/temporal/remote-codec.service';
import { describeSchema } from '../openapi/described-schema';

const JSON_PAYLOAD_SCHEMA = describeSchema(JsonPayload, {
  metadata: {
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Métadonnées de la charge utile, valeurs en base64',
    example: { encoding: 'YmluYXJ5L2VuY3J5cHRlZA==' },
  },
  data: { type: String, description: 'Données en base64', example: 'AAECAwQ=' },
});

/** The remote codec protocol's body, in and out (Temporal's `{"payloads": [...]}`), not the envelope. */
export const JSON_PAYLOADS_SCHEMA = describeSchema(JsonPayloads, {
  payloads: { type: [JSON_PAYLOAD_SCHEMA], description: 'Les charges utiles, dans l’ordre' },
});
