import { type DynamicModule, type Type } from '@nestjs/common';
import { MODULE_METADATA } from '@nestjs/common/constants';

type ModuleLike = Type<unknown> | DynamicModule;

/** Every controller of a module and of the modules it imports, once each, in registration order. */
export function controllersOf(root: ModuleLike): Type<unknown>[] {
  const seen = new Set<unknown>();
  const controllers: Type<unknown>[] = [];
  const visit = (module: ModuleLike) => {
    const type = 'module' in module ? module.module : module;
    if (seen.has(type)) return;
    seen.add(type);
    const dynamic = 'module' in module ? module : null;
    const imports = [
      ...((Reflect.getMetadata(MODULE_METADATA.IMPORTS, type) as ModuleLike[] | undefined) ?? []),
      ...((dynamic?.imports as ModuleLike[] | undefined) ?? []),
    ];
    for (const imported of imports) visit(imported);
    controllers.push(
      ...((Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, type) as Type<unknown>[] | undefined) ?? []),
      ...(dynamic?.controllers ?? []),
    );
  };
  visit(root);
  return controllers;
}
