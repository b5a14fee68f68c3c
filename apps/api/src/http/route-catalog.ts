import { match } from 'path-to-regexp';

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/**
 * The registered routes, read from the router once the application is initialised, so an unknown
 * method on a known path answers 405 with `Allow` instead of the framework's 404.
 */
export class RouteCatalog {
  private readonly routes: { matches: (path: string) => boolean; methods: string[] }[] = [];

  static fromExpress(app: { router?: { stack: ExpressLayer[] } }): RouteCatalog {
    const catalog = new RouteCatalog();
    for (const layer of app.router?.stack ?? []) {
      if (!layer.route) continue;
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      const methods = Object.keys(layer.route.methods).map((m) => m.toUpperCase());
      for (const path of paths) {
        const matcher = match(path, { decode: false });
        catalog.routes.push({ matches: (p) => matcher(p) !== false, methods });
      }
    }
    return catalog;
  }

  /** Methods allowed on `path`; empty when no route has that path. */
  allowedMethods(path: string): string[] {
    const methods = new Set<string>();
    for (const route of this.routes) if (route.matches(path)) route.methods.forEach((m) => methods.add(m));
    return [...methods].sort();
  }
}
