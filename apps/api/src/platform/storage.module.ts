import { Global, Module } from '@nestjs/common';
import { type AppConfig } from '@libs/platform/config/app-config';
import { type DocumentStore } from '@libs/platform/documents/document-store';
import { FilesystemDocumentStore } from '@libs/platform/documents/filesystem-document.store';
import { APP_CONFIG } from './config.module';
import { token } from './injection';

/** Where uploaded documents are written and pre-statements read. */
export const DOCUMENT_STORE = token<DocumentStore>('DOCUMENT_STORE');

@Global()
@Module({
  providers: [
    {
      provide: DOCUMENT_STORE,
      useFactory: (config: AppConfig) => new FilesystemDocumentStore(config.storage.documentsDir),
      inject: [APP_CONFIG],
    },
  ],
  exports: [DOCUMENT_STORE],
})
export class StorageModule {}
