// One jest run covers every workspace; each app is a "project" so `--selectProjects` runs one.
const tsJest = (tsconfig) => ['ts-jest', { tsconfig, diagnostics: false }];

const frontEnd = (name) => ({
  displayName: name,
  rootDir: `<rootDir>/${name}`,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.ts?(x)'],
  transform: { '^.+\\.tsx?$': tsJest(`<rootDir>/../${name}/tsconfig.json`) },
  moduleNameMapper: {
    '\\.module\\.css$': 'identity-obj-proxy',
    '\\.(css|woff2?)$': '<rootDir>/../scripts/jest/style-stub.js',
    '\\.(png|jpe?g|gif|svg|webp)$': '<rootDir>/../scripts/jest/file-stub.js',
    '^@shop/contract$': '<rootDir>/../contract/src/index.ts',
    '^@shop/contract/core$': '<rootDir>/../contract/src/browserCore.ts',
    '^@shop/shared$': '<rootDir>/../shared/src/index.ts',
    '^@shop/shared/(.*)$': '<rootDir>/../shared/$1',
  },
  setupFilesAfterEnv: ['<rootDir>/../scripts/jest/setup-dom.ts'],
});

module.exports = {
  // A worker is replaced once it holds more than this between test files. Without it jest runs one
  // worker in band, and the API suite's process grew to 5.6 GB (an embedded database per test app);
  // CI runs three such suites side by side on 24 GB.
  workerIdleMemoryLimit: '1GB',
  reporters: ['default', '<rootDir>/scripts/jest/summary-reporter.js'],
  projects: [
    {
      displayName: 'contract',
      rootDir: '<rootDir>/contract',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.ts'],
      transform: { '^.+\\.ts$': tsJest('<rootDir>/../contract/tsconfig.json') },
    },
    frontEnd('shared'),
    frontEnd('shell'),
    frontEnd('mfe-catalog'),
    frontEnd('mfe-checkout'),
    frontEnd('mfe-account'),
    frontEnd('mfe-admin'),
    {
      displayName: 'api',
      rootDir: '<rootDir>/api',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/**/*.test.ts'],
      transform: { '^.+\\.ts$': tsJest('<rootDir>/../api/tsconfig.json') },
      moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1', '^@shop/contract$': '<rootDir>/../contract/src/index.ts' },
      // Probes PostgreSQL and Redis once per run for the tests that need them (src/test/services.ts).
      globalSetup: '<rootDir>/src/test/globalSetup.ts',
      // CI runs this suite twice side by side with the browser journeys on 2 cores: a test of a few
      // requests took over jest's 5 s there (wallet.test, stop 45). A hang still fails, at 30 s.
      testTimeout: 30_000,
    },
    {
      displayName: 'e2e',
      rootDir: '<rootDir>/e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/**/*.test.ts'],
      transform: { '^.+\\.ts$': tsJest('<rootDir>/../e2e/tsconfig.json') },
      globalSetup: '<rootDir>/support/globalSetup.ts',
      globalTeardown: '<rootDir>/support/globalTeardown.ts',
      setupFilesAfterEnv: ['<rootDir>/support/setup.ts'],
    },
  ],
};
