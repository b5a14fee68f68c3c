import { RouteCatalog } from './route-catalog';

type Layer = { route?: { path: string | string[]; methods: Record<string, boolean> } };
const route = (path: string | string[], ...methods: string[]): Layer => ({
  route: { path, methods: Object.fromEntries(methods.map((m) => [m, true])) },
});

describe('RouteCatalog', () => {
  const catalog = RouteCatalog.fromExpress({
    router: {
      stack: [
        // Middleware layers have no route and must be ignored.
        {},
        route('/order/:orderid', 'get'),
        route('/order/needrefresh', 'post'),
        route('/order/:orderid/refresh', 'post'),
        route('/order/', 'get'),
        route('/order/', 'post'),
        route(['/test/webhook-events', '/order/test/webhook-events'], 'post'),
        route('/health', 'get', 'head'),
      ],
    },
  });

  it('names the methods of the routes whose pattern is the path itself', () => {
    expect(catalog.literalMethods('/order/needrefresh')).toEqual(['POST']);
    expect(catalog.literalMethods('/order/AB12CD')).toEqual([]);
    expect(catalog.literalMethods('/health')).toEqual(['GET', 'HEAD']);
    expect(catalog.literalMethods('/nowhere')).toEqual([]);
  });

  it('lists the methods of a parameterised route', () => {
    expect(catalog.allowedMethods('/order/AB12CD')).toEqual(['GET']);
    expect(catalog.allowedMethods('/order/AB12CD/refresh')).toEqual(['POST']);
  });

  it('merges the methods of several layers on one path, sorted', () => {
    expect(catalog.allowedMethods('/order/')).toEqual(['GET', 'POST']);
    expect(catalog.allowedMethods('/health')).toEqual(['GET', 'HEAD']);
  });

  it('knows every path of a multi-path route', () => {
    expect(catalog.allowedMethods('/test/webhook-events')).toEqual(['POST']);
    expect(catalog.allowedMethods('/order/test/webhook-events')).toEqual(['POST']);
  });

  it('has nothing for unknown paths', () => {
    expect(catalog.allowedMethods('/nowhere')).toEqual([]);
    expect(catalog.allowedMethods('/order/AB12CD/unknown')).toEqual([]);
    expect(catalog.allowedMethods('/')).toEqual([]);
  });

  it('is empty for an application without a router', () => {
    expect(RouteCatalog.fromExpress({}).allowedMethods('/order/AB12CD')).toEqual([]);
  });
});

describe('RouteCatalog.patternOf', () => {
  const catalog = RouteCatalog.fromExpress({
    router: {
      stack: [
        route('/order/needrefresh', 'post'),
        route('/order/:orderid', 'get'),
        route('/order/:orderid/refresh', 'post'),
        route('/health', 'get'),
      ],
    },
  });

  it('names the pattern of the route serving the request, never the raw path', () => {
    expect(catalog.patternOf('GET', '/order/AB12CD')).toBe('/order/:orderid');
    expect(catalog.patternOf('POST', '/order/AB12CD/refresh')).toBe('/order/:orderid/refresh');
  });

  it('prefers the first route that serves the method, as the router does', () => {
    expect(catalog.patternOf('POST', '/order/needrefresh')).toBe('/order/needrefresh');
    expect(catalog.patternOf('GET', '/order/needrefresh')).toBe('/order/:orderid');
  });

  it('serves HEAD with GET routes, and names the path of a 405', () => {
    expect(catalog.patternOf('HEAD', '/health')).toBe('/health');
    expect(catalog.patternOf('DELETE', '/health')).toBe('/health');
  });

  it('is null for unknown paths', () => {
    expect(catalog.patternOf('GET', '/wp-admin/setup.php')).toBeNull();
  });

  it('lists the routes with their methods', () => {
    expect(catalog.list()).toContainEqual({ path: '/order/:orderid/refresh', methods: ['POST'] });
  });
});
