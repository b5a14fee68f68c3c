import { randomUUID } from 'node:crypto';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { Test, type TestingModuleBuilder } from '@nestjs/testing';
import { type Client } from '@temporalio/client';
import { type DestinationStream } from 'pino';
import { DataSource } from 'typeorm';
import { AppModule } from '@apps/api/src/app.module';
import { API_APPLICATION_OPTIONS, initialiseHttpApplication } from '@apps/api/src/http-application';
import { type RouteCatalog } from '@apps/api/src/platform/http/route-catalog';
import { RouteCatalogProvider } from '@apps/api/src/platform/http/route-catalog.provider';
import { APP_LOGGER } from '@apps/api/src/platform/logging/logging.module';
import { DOCUMENT_STORE } from '@apps/api/src/platform/storage.module';
import { TEMPORAL_CLIENT } from '@apps/api/src/platform/temporal.module';
import { UnstartedOrderSweep } from '@libs/orders/workflow-starts/unstarted-order-sweep';
import { type AppConfig, loadConfig } from '@libs/platform/config/app-config';
import { type DocumentStore } from '@libs/platform/documents/document-store';
import { createAppLogger } from '@libs/platform/logging/app-logger';
import { PasswordHasher } from '@libs/security/password-hasher';
import { SecretBox } from '@libs/security/secret-box';
import { TEST_VAR_DIR } from './test-environment';

export interface ApiTestApp {
  baseUrl: string;
  config: AppConfig;
  dataSource: DataSource;
  /** The API's own secret box and password hasher (to read or write sealed and hashed values). */
  security: { secretBox: SecretBox; passwords: PasswordHasher };
  temporal: Client;
  /** The store the API writes uploads to and reads pre-statements from (at config.storage.documentsDir). */
  documentStore: DocumentStore;
  /** The routes the application serves, read from its router (security matrices, fuzzing). */
  routes: RouteCatalog;
  /** The API's recovery sweep of unstarted orders; tests run a pass with `sweep.sweep()`. */
  sweep: UnstartedOrderSweep;
  close(): Promise<void>;
}

/** A provider of the API replaced for a test (a workflow gateway that records, a starter that fails…). */
export interface ProviderOverride {
  provide: Parameters<TestingModuleBuilder['overrideProvider']>[0];
  useValue: unknown;
}

/**
 * The real API (the application module main.ts runs) on an ephemeral loopback port, against the suite's
 * PostgreSQL and Temporal. Each test file gets its own task queue so workflows of different files never
 * meet.
 */
export async function startApiTestApp(
  options: {
    env?: Record<string, string>;
    overrides?: ProviderOverride[];
    /** Where the API's JSON log lines go (stdout by default), for tests that read them. */
    logDestination?: DestinationStream;
  } = {},
): Promise<ApiTestApp> {
  // Each app writes documents to its own temporary directory unless the test gives DOCUMENTS_DIR.
  const documentsDir = path.join(TEST_VAR_DIR, 'documents', randomUUID());
  const config = loadConfig({ ...process.env, PORT: '0', DOCUMENTS_DIR: documentsDir, ...options.env });
  let builder = Test.createTestingModule({ imports: [AppModule.forRoot(config)] })
    .overrideProvider(APP_LOGGER)
    .useValue(createAppLogger({ ...config.logging, service: 'api', destination: options.logDestination }));
  for (const override of options.overrides ?? []) {
    builder = builder.overrideProvider(override.provide).useValue(override.useValue);
  }
  const module = await builder.compile();
  const app = module.createNestApplication<NestExpressApplication>(API_APPLICATION_OPTIONS);
  await initialiseHttpApplication(app, config);
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    config,
    dataSource: app.get(DataSource),
    security: { secretBox: app.get(SecretBox), passwords: app.get(PasswordHasher) },
    temporal: app.get(TEMPORAL_CLIENT),
    documentStore: app.get(DOCUMENT_STORE),
    routes: app.get(RouteCatalogProvider).routes,
    sweep: app.get(UnstartedOrderSweep),
    close: () => app.close(),
  };
}
