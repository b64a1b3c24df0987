/** Helpers shared by the host's own tests. */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FxHost, ViolationKind } from './fx-host';

/** Takes every violation recorded so far; a test compares them with the ones it provoked. */
export function violationKinds(host: FxHost): ViolationKind[] {
  return host.takeViolations().map((v) => v.kind);
}

/** Waits, in real time, until `condition` holds: for events the host delivers asynchronously. */
export async function waitFor(condition: () => boolean, what = 'condition', limitMs = 3000): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
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
