import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import { type JsonPayloads, RemoteCodecService } from '@libs/platform/temporal/remote-codec.service';
import { Public } from '../platform/security/public.decorator';
import { CodecDecodeDocs, CodecEncodeDocs } from '../openapi/operations/operations.docs';
import { CodecAuthGuard } from './codec-auth.guard';
import { JsonBody } from '../platform/http/json-body.decorator';

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
  @CodecDecodeDocs()
  decode(@Body() body: unknown): Promise<JsonPayloads> {
    return this.codec.decode(body);
  }

  @Post('encode')
  @JsonBody('standard')
  @HttpCode(200)
  @CodecEncodeDocs()
  encode(@Body() body: unknown): Promise<JsonPayloads> {
    return this.codec.encode(body);
  }
}
