import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { type JsonPayloads, RemoteCodecService } from '@libs/platform/temporal/remote-codec.service';
import { Public } from '../platform/security/public.decorator';
import { Endpoint } from '../openapi/endpoint.decorator';
import { CodecAuthGuard } from './codec-auth.guard';
import { JsonBody } from '../platform/http/json-body.decorator';
import { JSON_PAYLOADS_SCHEMA } from './json-payloads.schema';

/** What both directions document alike: the protocol's body in and out, the operators' token. */
const CODEC_EXCHANGE = {
  tag: 'operations',
  security: ['codecToken'],
  body: { schema: JSON_PAYLOADS_SCHEMA },
  ok: {
    schema: JSON_PAYLOADS_SCHEMA,
    bare: true,
    description: 'Les charges utiles transformées, même forme que la requête (pas d’enveloppe)',
  },
  errors: {
    400: { description: 'Corps qui n’est pas de la forme du protocole', examples: ['codecBody'] },
    401: { description: 'Jeton du codec manquant ou faux', examples: ['unauthenticated'] },
  },
} as const;

/**
 * Temporal's remote codec endpoints, for the Temporal Web UI (`--ui-codec-endpoint <base>/codec`) and
 * the CLI (`--codec-endpoint`). They answer the protocol's own `{"payloads": [...]}`, not the envelope;
 * errors are envelopes as everywhere. The `X-Namespace` header is not needed: one codec serves all.
 */
@Public()
@UseGuards(CodecAuthGuard)
@Controller('codec')
export class CodecController {
  constructor(private readonly codec: RemoteCodecService) {}

  @Post('decode')
  @JsonBody('standard')
  @HttpCode(200)
  @Endpoint({
    ...CODEC_EXCHANGE,
    operationId: 'codecDecode',
    summary: 'Codec Temporal : déchiffrer des charges utiles',
    description:
      'Protocole « remote codec » de Temporal, pour l’interface web Temporal (`TEMPORAL_CODEC_ENDPOINT` = ' +
      '`<adresse publique>/codec`) et la CLI (`--codec-endpoint`). Réservé aux opérateurs : jeton ' +
      '`CODEC_AUTH_TOKEN`, CORS limité à l’origine de l’interface Temporal.',
  })
  decode(@Body() body: unknown): Promise<JsonPayloads> {
    return this.codec.decode(body);
  }

  @Post('encode')
  @JsonBody('standard')
  @HttpCode(200)
  @Endpoint({
    ...CODEC_EXCHANGE,
    operationId: 'codecEncode',
    summary: 'Codec Temporal : chiffrer des charges utiles',
    description:
      'Inverse de `/codec/decode`, pour envoyer depuis l’interface Temporal des données que le worker sait lire.',
  })
  encode(@Body() body: unknown): Promise<JsonPayloads> {
    return this.codec.encode(body);
  }
}
