/**
 * Unit tests sit beside the code in src/ and devkit/, integration tests in test/ and, for the
 * devkit's own parts (the oxmysql stand-in) and the bench's, beside them in devkit/ and bench/.
 * When OXMYSQL_DIR names an oxmysql release (fxmanifest.lua + dist/build.js), the resource's
 * integration suites run a second time against it, with the suites that compare it with the
 * stand-in (*.real.test.ts); the stand-in's own suites (devkit/oxmysql) run once.
 */
const transform = { '^.+\\.ts$': '<rootDir>/test/esbuild-transform.js' };
const integration = {
  testEnvironment: '<rootDir>/test/fx-test-environment.js',
  transform,
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/test/integration-timeout.js'],
};

module.exports = {
  projects: [
    {
      displayName: 'unit',
      testEnvironment: '<rootDir>/test/fx-test-environment.js',
      transform,
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/{test,devkit,bench}/**/*.unit.test.ts'],
    },
    { ...integration, displayName: 'integration', testMatch: ['<rootDir>/{test,devkit,bench}/**/*.int.test.ts'] },
    ...(process.env.OXMYSQL_DIR
      ? [
          {
            ...integration,
            displayName: 'integration (real oxmysql)',
            testMatch: ['<rootDir>/test/integration/**/*.int.test.ts', '<rootDir>/{test,devkit}/**/*.real.test.ts'],
            globals: { OXMYSQL_REAL: true },
          },
        ]
      : []),
  ],
};
