/**
 * Outside jest (npm run dev, the bench) nobody else listens for uncaught errors: one the host's own
 * code raises must end the process as Node would, not vanish while the host holds the loop open.
 */
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { resourceDir } from './host-fixture';

const ROOT = resolve(__dirname, '../..');

/** Runs `body` in a fresh Node process after a host has been made (its timers keep the loop alive). */
function runWithHost(body: string): { status: number | null; stderr: string } {
  const dir = resourceDir({
    'main.ts': `import { FxHost } from ${JSON.stringify(join(ROOT, 'devkit/host/fx-host'))};\nnew FxHost();\n${body}\n`,
  });
  try {
    const run = spawnSync(process.execPath, [join(ROOT, 'scripts/run-ts.cjs'), join(dir, 'main.ts')], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    return { status: run.status, stderr: run.stderr };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("an exception of the host process's own code ends it with code 1 and its stack", () => {
  const run = runWithHost("setImmediate(() => { throw new Error('fault of the host itself'); });");
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('Error: fault of the host itself');
});

test("a rejection of the host process's own code ends it with code 1 and its stack", () => {
  const run = runWithHost("void Promise.reject(new Error('rejected in the host itself'));");
  expect(run.status).toBe(1);
  expect(run.stderr).toContain('Error: rejected in the host itself');
});
