/**
 * A consumer of the change feed as docs/changes.md tells one to sync, over whatever serves the feed
 * (the resource in the test host, a standalone instance): pages read until one is short, long polls
 * until the changes awaited came. The suites of the feed share it.
 */
import { waitFor } from './host/host-fixture';
import type { RawResponse } from './host/http-client';

/**
 * The convars that make the feed quick enough for a suite: the shortest poll and sweep the contract
 * allows, and a sweep the database lost fails in seconds rather than the 30 s a real server allows.
 */
export const FEED_CONVARS = {
  'citizen_records:changes': 'true',
  'citizen_records:changes_poll_ms': '1000',
  'citizen_records:changes_sweep_ms': '5000',
  'citizen_records:changes_sweep_timeout_ms': '3000',
};

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
export interface Answer {
  status: number;
  body: { success: boolean; data: Page; error: { code: string; message: string } };
}

/** How long `until` long-polls before it fails the test naming what it saw. */
const UNTIL_MS = 20_000;

/** `op kind id`: a change as a test compares it. */
export const changeKey = (c: Change) => `${c.op} ${c.kind} ${c.id}`;

/** `request(path)`: a GET under the resource's prefix, as the harness and the standalone instances send it. */
export function feedConsumer(request: (path: string) => Promise<RawResponse>, format = 'beta') {
  const ask = async (path: string): Promise<Answer> => {
    const response = await request(path);
    return { status: response.status, body: JSON.parse(response.body) };
  };
  const page = async (query: string): Promise<Page> => {
    const { status, body } = await ask(`/${format}/changes?${query}`);
    if (status !== 200) throw new Error(`${status} ${JSON.stringify(body)}`);
    return body.data;
  };
  return {
    ask,
    page,
    /** A cursor at the end of the log (the snapshot read to the end), once the feed answers. */
    async caughtUp(): Promise<string> {
      await waitFor(async () => (await request(`/${format}/changes?limit=1`)).status === 200, 'the feed to start', 15_000);
      let got = await page('limit=500');
      while (got.changes.length === 500) got = await page(`limit=500&cursor=${encodeURIComponent(got.next)}`);
      return got.next;
    },
    /** Reads pages from `cursor` (a new snapshot without) until one is short: what a consumer holds then. */
    async syncAll(cursor: string | null, limit = 2): Promise<{ seen: Change[]; next: string }> {
      const seen: Change[] = [];
      let next = cursor;
      for (;;) {
        const got = await page(`limit=${limit}${next ? `&cursor=${encodeURIComponent(next)}` : ''}`);
        seen.push(...got.changes);
        next = got.next;
        if (got.changes.length < limit) return { seen, next };
      }
    },
    /** Long-polls from `cursor` until the changes seen satisfy `done`; resolves with them and the cursor. */
    async until(cursor: string, done: (seen: Change[]) => boolean): Promise<{ seen: Change[]; next: string }> {
      const seen: Change[] = [];
      let next = cursor;
      const deadline = Date.now() + UNTIL_MS;
      while (!done(seen)) {
        if (Date.now() > deadline) throw new Error(`changes never came; seen ${JSON.stringify(seen)}`);
        const got = await page(`wait=3&cursor=${encodeURIComponent(next)}`);
        seen.push(...got.changes);
        next = got.next;
      }
      return { seen, next };
    },
  };
}
