/**
 * The integration suites' time limit per test and hook. jest-circus reads `testTimeout` from the
 * global config only, so a project's own `testTimeout` is ignored and its tests got the 5 s
 * default (jestjs/jest packages/jest-circus/src/legacy-code-todo-rewrite/jestAdapterInit.ts reads
 * `globalConfig.testTimeout`); jest.setTimeout in a
 * setup file is the documented per-file way (https://jestjs.io/docs/jest-object#jestsettimeouttimeout).
 * 60 s: a suite on a busy machine with a real MariaDB, not a measure of speed.
 */
jest.setTimeout(60_000);
