/** Helpers shared by the host's own tests. */
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
