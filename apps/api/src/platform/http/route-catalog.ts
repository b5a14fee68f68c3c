import { match } from 'path-to-regexp';

interface ExpressLayer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/**
 * The registered routes, read from the router once the application is initialised, so an unknown
 * method on a known path answers 405 with `Allow` instead of the framework's 404.
 */
export class RouteCatalog {
  private readonly routes: {
    path: string;
    matches: (path: string) => boolean;
    /** A pattern without parameters: the path it names is that route's, whatever else matches it. */
    literal: boolean;
    methods: string[];
  }[] = [];

  static fromExpress(app: { router?: { stack: ExpressLayer[] } }): RouteCatalog {
    const catalog = new RouteCatalog();
    for (const layer of app.router?.stack ?? []) {
      if (!layer.route) continue;
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      const methods = Object.keys(layer.route.methods).map((m) => m.toUpperCase());
      for (const path of paths) {
        const matcher = match(path, { decode: false });
        const literal = !/[:*?(){}]/.test(path);
        catalog.routes.push({ path, matches: (p) => matcher(p) !== false, literal, methods });
      }
    }
    return catalog;
  }

  /** Methods allowed on `path`; empty when no route has that path. */
  allowedMethods(path: string): string[] {
    return this.methodsOf(this.routes.filter((route) => route.matches(path)));
  }

  /**
   * Methods of the routes whose pattern is `path` itself, without parameters: `POST /order/needrefresh`
   * for `/order/needrefresh`, which `GET /order/:orderid` also matches, but never as an order id.
   */
  literalMethods(path: string): string[] {
    return this.methodsOf(this.routes.filter((route) => route.literal && route.matches(path)));
  }

  /** Every registered route pattern (`/order/:orderid`) with its methods, in registration order. */
  list(): { path: string; methods: string[] }[] {
    return this.routes.map(({ path, methods }) => ({ path, methods: [...methods] }));
  }

  /**
   * The pattern of the route that serves `method path`, as the router picks it (first registered
   * match; HEAD served by GET), or of a route on that path for another method (a 405); null when no
   * route has that path. Metrics label requests with it: bounded, unlike raw paths.
   */
  patternOf(method: string, path: string): string | null {
    const candidates = this.routes.filter((route) => route.matches(path));
    const wanted = method.toUpperCase();
    const serving =
      candidates.find((route) => route.methods.includes(wanted)) ??
      (wanted === 'HEAD' ? candidates.find((route) => route.methods.includes('GET')) : undefined);
    return (serving ?? candidates[0])?.path ?? null;
  }

  /** The methods of `routes`, each once, sorted. */
  private methodsOf(routes: readonly { methods: string[] }[]): string[] {
    return [...new Set(routes.flatMap((route) => route.methods))].sort();
  }
}
