import { NestFactory } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { ApiModule, type ApiDependencies } from './api.module';
import { ApiExceptionFilter } from './http/api-exception.filter';
import { DtoValidationPipe } from './http/dto-validation.pipe';
import { RouteCatalog } from './http/route-catalog';

/** Builds the HTTP application (not yet listening) from its dependencies. */
export async function createApiApp(deps: ApiDependencies): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(ApiModule.register(deps), {
    // Bodies are read by our own middleware so that every failure gets a French envelope.
    bodyParser: false,
    logger: deps.config.mode === 'test' ? ['error', 'warn'] : ['log', 'error', 'warn'],
  });
  app.disable('x-powered-by');
  let routes: RouteCatalog | null = null;
  const express = app.getHttpAdapter().getInstance() as Parameters<typeof RouteCatalog.fromExpress>[0];
  app.useGlobalFilters(new ApiExceptionFilter(() => (routes ??= RouteCatalog.fromExpress(express))));
  app.useGlobalPipes(new DtoValidationPipe());
  app.enableShutdownHooks();
  await app.init();
  return app;
}
