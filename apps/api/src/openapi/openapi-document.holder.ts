import { type OpenAPIObject } from '@nestjs/swagger';

/**
 * The document is built from the application once its controllers exist, after the module that serves
 * it was created: the factory puts it here, the controller reads it.
 */
export class OpenApiDocumentHolder {
  private document: OpenAPIObject | null = null;

  set(document: OpenAPIObject): void {
    this.document = document;
  }

  get(): OpenAPIObject {
    if (!this.document) throw new Error('The OpenAPI document was not built (see publishOpenApiDocument)');
    return this.document;
  }
}
