/**
 * What the worker process loads: every module stays in memory for the process's life (its source text,
 * its compiled code, and for a native addon its library).
 *
 * - No worker loads the API's security. With the security services' factory (argon2's native library,
 *   `@nestjs/jwt`, jsonwebtoken and semver), loading the composition alone took 7 MiB more on Node 24
 *   and 10 more on Node 20, and the order worker about 7 MiB more at rest in benchmark runs on both.
 * - The composition loads the PDF packages only with the order side (`order-activities.composition.ts`,
 *   imported when the order task queue is polled) or the first specimen a test notification needs: with
 *   them, loading the composition alone took 23 MiB more on Node 24 and 24 more on Node 20, which a
 *   notification worker kept for nothing.
 */
const API_ONLY_MODULES = ['@node-rs/argon2', '@nestjs/jwt', 'jsonwebtoken'];
const PDF_PACKAGES = ['fontkit', 'pdf-lib', 'pdfkit'];

/** Which of `probed` requiring `modulePath` loads, in a fresh module registry. */
function modulesLoadedBy(modulePath: string, probed: string[]): string[] {
  const loaded = new Set<string>();
  jest.isolateModules(() => {
    for (const name of probed) {
      jest.doMock(name, () => {
        loaded.add(name);
        // The real module: what loads it may use it right away (pdfkit's fast paths patch its methods).
        return jest.requireActual(name);
      });
    }
    // A fresh registry each time, so what the module loads is required again under the mocks.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    require(modulePath);
  });
  return [...loaded].sort();
}

describe('the worker composition', () => {
  afterEach(() => {
    for (const name of [...API_ONLY_MODULES, ...PDF_PACKAGES]) jest.dontMock(name);
  });

  it('loads neither password hashing nor access tokens', () => {
    expect(modulesLoadedBy('./worker.composition', API_ONLY_MODULES)).toEqual([]);
  });

  it('would be caught loading them (the security services the API builds)', () => {
    expect(modulesLoadedBy('@libs/security/security-services.factory', API_ONLY_MODULES)).toEqual([
      '@nestjs/jwt',
      '@node-rs/argon2',
      'jsonwebtoken',
    ]);
  });

  it('loads no PDF package until the order side or a specimen is needed', () => {
    expect(modulesLoadedBy('./worker.composition', PDF_PACKAGES)).toEqual([]);
  });

  it('would be caught loading them (the order side)', () => {
    expect(modulesLoadedBy('./order-activities.composition', PDF_PACKAGES)).toEqual(PDF_PACKAGES);
  });
});
