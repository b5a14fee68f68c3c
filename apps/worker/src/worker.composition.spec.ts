/**
 * What the worker process loads: every module stays in memory for the process's life (its source text,
 * its compiled code, and for a native addon its library), so the worker loads none of the API's
 * security. With the security services' factory (argon2's native library, `@nestjs/jwt`, jsonwebtoken
 * and semver), loading the composition alone took 7 MiB more on Node 24 and 10 more on Node 20, and the
 * order worker about 7 MiB more at rest in benchmark runs on both.
 */
const API_ONLY_MODULES = ['@node-rs/argon2', '@nestjs/jwt', 'jsonwebtoken'];

/** The API-only modules that requiring `modulePath` loads, in a fresh module registry. */
function apiOnlyModulesLoadedBy(modulePath: string): string[] {
  const loaded: string[] = [];
  jest.isolateModules(() => {
    for (const name of API_ONLY_MODULES) {
      jest.doMock(name, () => {
        loaded.push(name);
        return {};
      });
    }
    // A fresh registry each time, so what the module loads is required again under the mocks.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require(modulePath);
  });
  return loaded;
}

describe('the worker composition', () => {
  afterEach(() => {
    for (const name of API_ONLY_MODULES) jest.dontMock(name);
  });

  it('loads neither password hashing nor access tokens', () => {
    expect(apiOnlyModulesLoadedBy('./worker.composition')).toEqual([]);
  });

  it('would be caught loading them (the security services the API builds)', () => {
    expect(apiOnlyModulesLoadedBy('@libs/security/security-services.factory').sort()).toEqual([
      '@nestjs/jwt',
      '@node-rs/argon2',
    ]);
  });
});
