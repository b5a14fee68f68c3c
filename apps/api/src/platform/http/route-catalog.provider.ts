import { Injectable } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { RouteCatalog } from './route-catalog';

/**
 * The application's route catalogue, read from the router on first use (the routes exist only once the
 * application is initialised): the exception filter answers 405 from it, the metrics label requests
 * with it, and tests walk it.
 */
@Injectable()
export class RouteCatalogProvider {
  private catalog: RouteCatalog | null = null;

  constructor(private readonly adapter: HttpAdapterHost) {}

  get routes(): RouteCatalog {
    const express = this.adapter.httpAdapter.getInstance() as Parameters<typeof RouteCatalog.fromExpress>[0];
    return (this.catalog ??= RouteCatalog.fromExpress(express));
  }
}
