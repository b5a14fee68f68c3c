import { type OpenAPIObject } from '@nestjs/swagger';

/**
 * The document, published once at bootstrap. Nest scans routes from the created application, which no
 * provider can reach, so the module that serves the document exists before it does:
 * initialiseHttpApplication builds it and publishes it here, the controller reads it.
 */
export class OpenApiDocumentHolder {
  private document: Readonly<OpenAPIObject> | null = null;

  publish(document: OpenAPIObject): void {
    if (this.document) throw new Error('The OpenAPI document is published once, at bootstrap');
    this.document = Object.freeze(document);
  }

  get(): Readonly<OpenAPIObject> {
    if (!this.document) throw new Error('The OpenAPI document was not published (initialiseHttpApplication)');
    return this.document;
  }
}
