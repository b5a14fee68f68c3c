import { type INestApplication } from '@nestjs/common';
import { type AppConfig } from '@libs/platform/config/app-config';
import { buildOpenApiDocument } from './openapi-document';
import { OpenApiDocumentHolder } from './openapi-document.holder';

/** Builds the document from the created application and hands it to the controller that serves it. */
export function publishOpenApiDocument(app: INestApplication, config: Pick<AppConfig, 'http'>): void {
  app.get(OpenApiDocumentHolder).set(buildOpenApiDocument(app, config));
}
