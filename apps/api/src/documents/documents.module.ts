import { Module } from '@nestjs/common';
import { DocumentLinkService } from '@libs/notifications/document-links/document-link.service';
import { DocumentLinkSigner } from '@libs/notifications/document-links/document-link.signer';
import { StoredDocumentRepository } from '@libs/orders/documents/stored-document.repository';
import { APP_CONFIG } from '../platform/config.module';
import { construct } from '../platform/injection';
import { DOCUMENT_STORE } from '../platform/storage.module';
import { DocumentLinkController } from './document-link.controller';

/** The signed, expiring links of the documents that notifications carry. */
@Module({
  controllers: [DocumentLinkController],
  providers: [
    { provide: DocumentLinkSigner, useFactory: DocumentLinkSigner.fromConfig, inject: [APP_CONFIG] },
    construct(DocumentLinkService, [DocumentLinkSigner, StoredDocumentRepository, DOCUMENT_STORE]),
  ],
})
export class DocumentsModule {}
