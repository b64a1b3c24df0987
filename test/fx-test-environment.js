/**
 * Jest's node environment, plus `nodeProcess`: the worker's own process object. The test
 * environment's `process` is a copy whose events Node never emits, and the emulated FXServer must
 * see the process's unhandled rejections to put them down to the resource that caused them
 * (devkit/host/unhandled-rejections.ts).
 */
const { TestEnvironment } = require('jest-environment-node');

class FxTestEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.nodeProcess = process;
  }
}

module.exports = FxTestEnvironment;
