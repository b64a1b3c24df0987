/** Two projects: unit tests sit beside the code in src/, integration tests in test/. */
const transform = { '^.+\\.ts$': '<rootDir>/test/esbuild-transform.js' };

module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.unit.test.ts'],
    },
    {
      displayName: 'integration',
      testEnvironment: 'node',
      transform,
      testMatch: ['<rootDir>/test/**/*.int.test.ts'],
      globalSetup: '<rootDir>/test/global-setup.ts',
      globalTeardown: '<rootDir>/test/global-teardown.ts',
      testTimeout: 60000,
    },
  ],
};
