/** Helpers for the host's users: its own tests, the integration suites, npm run dev and the bench. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FxHost } from './fx-host';
import type { ViolationKind } from './violations';

/** Takes every violation recorded so far; a test compares them with the ones it provoked. */
export function violationKinds(host: FxHost): ViolationKind[] {
  return host.takeViolations().map((v) => v.kind);
}

/**
 * Waits, in real time, until `condition` holds: for what the host, a resource or the database do
 * asynchronously. The condition may be async (a query, an HTTP request) and is checked every
 * `everyMs`; the limit only stops a hung test and asserts nothing about speed.
 */
export async function waitFor(condition: () => boolean | Promise<boolean>, what = 'condition', limitMs = 3000, everyMs = 5): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${limitMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Writes a resource folder under the OS temp dir: `files` maps relative paths to contents. */
export function resourceDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'fxhost-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  return dir;
}
