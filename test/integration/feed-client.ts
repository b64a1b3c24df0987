/**
 * What the change feed's suites share: a change and a page as a consumer reads them, the convars
 * that make the feed quick enough for a suite, and the reads a consumer makes over HTTP.
 */
import { waitFor } from '../../devkit/host/host-fixture';
import type { Harness } from '../../devkit/resource-harness';

export interface Change {
  kind: string;
  id: string;
  op: string;
  source: string;
  record?: Record<string, unknown>;
}
export interface Page {
  changes: Change[];
  next: string;
}

export const FEED_CONVARS = {
  'citizen_records:changes': 'true',
  // The shortest the contract allows, so the suites wait seconds, not minutes.
  'citizen_records:changes_poll_ms': '1000',
  'citizen_records:changes_sweep_ms': '5000',
};

/** One page of `format`'s feed; anything but a 200 fails the test. */
export async function feedPage(h: Harness, format: string, query: string): Promise<Page> {
  const response = await h.request(`/${format}/changes?${query}`);
  if (response.status !== 200) throw new Error(`${response.status} ${response.body}`);
  return JSON.parse(response.body).data;
}

/** A cursor at the end of `format`'s log (its snapshot read to the end), once the feed answers. */
export async function caughtUp(h: Harness, format: string): Promise<string> {
  await waitFor(async () => (await h.request(`/${format}/changes?limit=1`)).status === 200, 'the feed to start', 15_000);
  let got = await feedPage(h, format, 'limit=500');
  while (got.changes.length === 500) got = await feedPage(h, format, `limit=500&cursor=${encodeURIComponent(got.next)}`);
  return got.next;
}
