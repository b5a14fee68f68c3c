// Unit tests run anywhere; integration and e2e tests share one Temporal dev server and one
// freshly migrated PostgreSQL database started by the global setup.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];
// NestJS 12 ships ESM only; Jest on Node 20 cannot require(esm), so those packages are transpiled.
const esmPackages = ['@nestjs', 'uid', 'path-to-regexp'];
const common = {
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j|mj)s$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(${esmPackages.join('|')})/)`],
  modulePathIgnorePatterns: ['<rootDir>/dist/', '<rootDir>/var/'],
  // The path aliases of tsconfig.json.
  moduleNameMapper: { '^@(apps|libs|workflows|activities|test)/(.*)$': '<rootDir>/$1/$2' },
};
module.exports = {
  // One test file at a time (they share the Temporal server and the database), in a worker process that
  // is replaced once a file leaves its heap above the limit. In band, the one process kept what every
  // file left (1.66 GB after forty of them): its garbage collections paused the APIs the tests run in it
  // for over a second, and timing assertions failed by the order files ran in.
  maxWorkers: 1,
  workerIdleMemoryLimit: '512MB',
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: [
        '<rootDir>/{apps,libs,workflows,activities,scripts,deploy}/**/*.spec.ts',
        '<rootDir>/test/bench/**/*.spec.ts',
      ],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/{integration,e2e}/**/*.spec.ts'],
      globalSetup: '<rootDir>/test/support/global-setup.ts',
      globalTeardown: '<rootDir>/test/support/global-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/test/support/integration-timeout.ts'],
    },
  ],
};
