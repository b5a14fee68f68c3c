import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { METHOD_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { loadConfig } from '@libs/platform/config/app-config';
import { AppModule } from '../../app.module';
import { controllersOf } from '@test/support/module-controllers';
import { JSON_BODY_LIMIT } from './json-body.decorator';

const API_CONTROLLERS = controllersOf(AppModule.forRoot(loadConfig({})));

/** Every route handler of the API: controller, method name, and whether it takes `@Body()`. */
function handlers(): { name: string; takesBody: boolean; limit: unknown }[] {
  return API_CONTROLLERS.flatMap((controller) =>
    Object.getOwnPropertyNames(controller.prototype)
      .filter((method) => {
        const handler = (controller.prototype as unknown as Record<string, unknown>)[method];
        return typeof handler === 'function' && Reflect.getMetadata(METHOD_METADATA, handler) !== undefined;
      })
      .map((method) => {
        const handler = (controller.prototype as unknown as Record<string, object>)[method]!;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<
          string,
          unknown
        >;
        return {
          name: `${controller.name}.${method}`,
          takesBody: Object.keys(args).some((key) => key.startsWith(`${RouteParamtypes.BODY}:`)),
          limit: Reflect.getMetadata(JSON_BODY_LIMIT, handler) as unknown,
        };
      }),
  );
}

describe('@JsonBody', () => {
  it('is declared by exactly the routes that take a body', () => {
    const all = handlers();
    expect(all.length).toBeGreaterThan(10);
    const mismatched = all.filter(({ takesBody, limit }) => takesBody !== (limit !== undefined));
    expect(mismatched).toEqual([]);
  });

  it('gives the upload limit to the routes where documents travel, and the login the smallest', () => {
    const limits = Object.fromEntries(
      handlers()
        .filter(({ limit }) => limit !== undefined)
        .map(({ name, limit }) => [name, limit]),
    );
    expect(limits).toEqual({
      'AccountAuthController.authenticate': 'credentials',
      'OrderRefreshController.needRefresh': 'standard',
      'OrderRefreshController.refresh': 'standard',
      'TestWebhookEventController.send': 'standard',
      'OrderDocumentController.upload': 'upload',
      'OrderController.create': 'upload',
      'CodecController.decode': 'standard',
      'CodecController.encode': 'standard',
    });
  });
});
