import { RouteCatalog } from '../../../../../../apps/api/src/http/route-catalog';

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
        route('/order/:orderid/refresh', 'post'),
        route('/order/', 'get'),
        route('/order/', 'post'),
        route(['/test/webhook-events', '/order/test/webhook-events'], 'post'),
        route('/health', 'get', 'head'),
      ],
    },
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
