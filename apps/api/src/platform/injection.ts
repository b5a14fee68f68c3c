import { type FactoryProvider, type InjectionToken } from '@nestjs/common';

/** The token of a value that is not a class (an interface implementation, a configuration object). */
export type Token<T> = symbol & { readonly __value?: T };

export function token<T>(description: string): Token<T> {
  return Symbol(description) as Token<T>;
}

type Dependency<T> = Token<T> | (abstract new (...args: never[]) => T);
type Dependencies<P extends readonly unknown[]> = { [K in keyof P]: Dependency<P[K]> };

/**
 * A provider that builds a library class with `new`, its constructor's arguments resolved from `deps`:
 * the libraries stay free of Nest decorators, and each token is checked against the parameter it fills.
 */
export function construct<C extends new (...args: never[]) => unknown>(
  cls: C,
  deps: Dependencies<ConstructorParameters<C>>,
): FactoryProvider<InstanceType<C>> {
  return {
    provide: cls,
    useFactory: (...args: unknown[]) => new cls(...(args as ConstructorParameters<C>)) as InstanceType<C>,
    inject: deps as unknown as InjectionToken[],
  };
}
