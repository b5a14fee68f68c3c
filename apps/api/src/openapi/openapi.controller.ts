import { HttpRefusal } from '../platform/http/http-refusal';
import { Controller, Get, Header, Param, StreamableFile } from '@nestjs/common';
import { type OpenAPIObject } from '@nestjs/swagger';
import { Public } from '../platform/security/public.decorator';
import { OpenApiDocumentHolder } from './openapi-document.holder';
import { Endpoint } from './endpoint.decorator';
import { SWAGGER_UI_INITIALIZER, SWAGGER_UI_PAGE, swaggerUiAsset } from './swagger-ui.assets';

/** `GET /openapi.json` and the interactive documentation at `GET /docs`; public. */
@Public()
@Controller()
export class OpenApiController {
  constructor(private readonly document: OpenApiDocumentHolder) {}

  @Get('openapi.json')
  @Endpoint({
    tag: 'documentation',
    operationId: 'openApiDocument',
    summary: 'Ce document OpenAPI (JSON)',
    ok: {
      description: 'Le document OpenAPI 3 du service',
      content: { 'application/json': { schema: { type: 'object' } } },
    },
  })
  openApi(): Readonly<OpenAPIObject> {
    return this.document.get();
  }

  @Get('docs')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Endpoint({
    tag: 'documentation',
    operationId: 'docsPage',
    summary: 'Documentation interactive (Swagger UI)',
    ok: { description: 'Page HTML', content: { 'text/html': { schema: { type: 'string' } } } },
  })
  page(): string {
    return SWAGGER_UI_PAGE;
  }

  @Get('docs/:asset')
  @Endpoint({
    tag: 'documentation',
    operationId: 'docsAsset',
    summary: 'Fichiers de la documentation interactive',
    description: 'Scripts, feuilles de style et icônes de Swagger UI, servis par le service (aucun CDN).',
    ok: { description: 'Le fichier' },
    errors: { 404: { description: 'Fichier inconnu', examples: ['notFound'] } },
  })
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
