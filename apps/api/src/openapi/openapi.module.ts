import { Module } from '@nestjs/common';
import { OpenApiDocumentHolder } from './openapi-document.holder';
import { OpenApiController } from './openapi.controller';

/** `GET /openapi.json` and the documentation page. */
@Module({
  controllers: [OpenApiController],
  providers: [{ provide: OpenApiDocumentHolder, useFactory: () => new OpenApiDocumentHolder() }],
})
export class OpenApiModule {}
