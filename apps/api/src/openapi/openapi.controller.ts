import { HttpRefusal } from '../platform/http/http-refusal';
import { Controller, Get, Header, Param, StreamableFile } from '@nestjs/common';
import { type OpenAPIObject } from '@nestjs/swagger';
import { Public } from '../platform/security/public.decorator';
import { OpenApiDocumentHolder } from './openapi-document.holder';
import { DocsAssetDocs, DocsPageDocs, OpenApiJsonDocs } from './operations/operations.docs';
import { SWAGGER_UI_INITIALIZER, SWAGGER_UI_PAGE, swaggerUiAsset } from './swagger-ui.assets';

/** `GET /openapi.json` and the interactive documentation at `GET /docs`; public. */
@Public()
@Controller()
export class OpenApiController {
  constructor(private readonly document: OpenApiDocumentHolder) {}

  @Get('openapi.json')
  @OpenApiJsonDocs()
  openApi(): OpenAPIObject {
    return this.document.get();
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @DocsPageDocs()
  page(): string {
    return SWAGGER_UI_PAGE;
  }

  @Get('docs/:asset')
  @DocsAssetDocs()
  asset(@Param('asset') name: string): StreamableFile {
    if (name === 'swagger-initializer.js') {
      return new StreamableFile(Buffer.from(SWAGGER_UI_INITIALIZER), {
        type: 'text/javascript; charset=utf-8',
      });
    }
    const asset = swaggerUiAsset(name);
    if (!asset) throw new HttpRefusal('route_not_found');
    return new StreamableFile(asset.stream(), { type: asset.type });
  }
}
