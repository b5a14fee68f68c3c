// `npm run test:cluster`: the production topology (scripts/cluster-stack.js, a Temporal server on
// PostgreSQL) under kills and a backup drill. Apart from `npm test`, which it would push past its
// time: `.ci/run` runs it after.
const [unit] = require('./jest.config.js').projects;

module.exports = {
  testEnvironment: unit.testEnvironment,
  transform: unit.transform,
  transformIgnorePatterns: unit.transformIgnorePatterns,
  modulePathIgnorePatterns: unit.modulePathIgnorePatterns,
  moduleNameMapper: unit.moduleNameMapper,
  displayName: 'cluster',
  testMatch: ['<rootDir>/test/cluster/**/*.spec.ts'],
  globalSetup: '<rootDir>/test/support/cluster-global-setup.ts',
  testTimeout: 900_000,
};
