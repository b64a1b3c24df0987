import { createHash } from 'node:crypto';
import { fail, ok } from '../lookup/envelope';
import { sortedIds } from './detect';
import { KEPT_SAVE_EVERY_MS, SAVE_EVERY_MS, startFeedService, type FeedService } from './service';
import type { StateFile } from './state-file';
import type { DetectedChange, FormatWatch } from './watch';

/** Citizens by id with their job: the database; detection keeps a copy and reports what differs. */
const citizens = new Map<string, string>();
const watch: FormatWatch = {
  async sweep(kept) {
    const before = (kept ?? {}) as Record<string, string>;
    const changes: DetectedChange[] = [];
    for (const [id, job] of citizens) if (before[id] !== job) changes.push({ kind: 'citizen', id, op: 'upsert' });
    for (const id of Object.keys(before)) if (!citizens.has(id)) changes.push({ kind: 'citizen', id, op: 'delete' });
    return { kept: Object.fromEntries(citizens), changes };
  },
  poll: (kept) => watch.sweep(kept),
  ids: (kept, kind) => sortedIds(kind === 'citizen' ? Object.keys(kept as object) : []),
};

/** The state files as the platform holds them, and each write in order. */
let files: Map<StateFile, string>;
let writes: StateFile[];
let warnings: string[];

/** A feed service over `store` (a crashed server's successor gets a copy of the files as the crash left them). */
function start(store = files): FeedService {
  return startFeedService({
    on: true,
    watches: { beta: watch },
    lookup: async (_kind, _format, id) => {
      const job = citizens.get(id);
      return { envelope: job === undefined ? fail('citizen_not_found', 'none') : ok({ citizenid: id, job }), source: 'database' };
    },
    keptMs: 7 * 86_400_000,
    maxWaiting: 4,
    databaseReady: () => true,
    now: () => Date.now(),
    emit: () => undefined,
    warn: (message) => warnings.push(message),
    info: () => undefined,
    debug: () => undefined,
    pollMs: 1000,
    sweepMs: 1000,
    databaseName: async () => 'game',
    loadState: (file) => store.get(file) ?? null,
    saveState(file, text) {
      store.set(file, text);
      writes.push(file);
      return true;
    },
    stateWhere: 'memory',
  });
}

type Page = { changes: Array<{ op: string; id: string }>; next: string };

async function read(service: FeedService, cursor?: string): Promise<Page | string> {
  const answer = await service.answer('beta', cursor === undefined ? {} : { cursor }, 'export');
  return answer.success ? (answer.data as Page) : answer.error.code;
}

/** A page the test expects to be one. */
async function page(service: FeedService, cursor?: string): Promise<Page> {
  const answer = await read(service, cursor);
  if (typeof answer === 'string') throw new Error(answer);
  return answer;
}

/** A service begun at once by a consumer's first request (its timers then count from now), and that consumer's snapshot. */
async function begun(store = files): Promise<{ service: FeedService; synced: Page }> {
  const service = start(store);
  return { service, synced: await page(service) };
}

beforeEach(() => {
  jest.useFakeTimers();
  citizens.clear();
  citizens.set('A1', 'police');
  files = new Map();
  writes = [];
  warnings = [];
});
afterEach(() => jest.useRealTimers());

test('the log is saved every minute it moved, the kept data every ten minutes it moved, both at stop', async () => {
  const { service } = await begun();
  // At start, before any cursor is handed out: this run's number and key, and the (empty) kept data.
  expect(writes).toEqual(['log', 'kept']);
  await jest.advanceTimersByTimeAsync(SAVE_EVERY_MS);
  // The first sweep's kept data, at the next save: until then a crash would make a fresh start.
  expect(writes).toEqual(['log', 'kept', 'kept']);
  for (let minute = 2; minute <= KEPT_SAVE_EVERY_MS / SAVE_EVERY_MS + 1; minute += 1) {
    citizens.set('A1', `job ${minute}`);
    await jest.advanceTimersByTimeAsync(SAVE_EVERY_MS);
  }
  // Every minute a change was logged; the kept data ten minutes after it was last written.
  expect(writes).toEqual(['log', 'kept', 'kept', ...Array(9).fill('log'), 'log', 'kept']);
  await jest.advanceTimersByTimeAsync(SAVE_EVERY_MS);
  expect(writes).toHaveLength(14);
  citizens.set('A1', 'last');
  await jest.advanceTimersByTimeAsync(2000);
  service.stop();
  expect(writes.slice(14)).toEqual(['log', 'kept']);
});

test('a crash after the log was saved and not the kept data: the same cursor reads on, and an undone change still comes', async () => {
  const { service: first, synced } = await begun();
  await jest.advanceTimersByTimeAsync(SAVE_EVERY_MS);
  citizens.set('A1', 'ems');
  await jest.advanceTimersByTimeAsync(SAVE_EVERY_MS);
  expect(writes).toEqual(['log', 'kept', 'kept', 'log']);
  const seen = await page(first, synced.next);
  expect(seen.changes.map((c) => `${c.op} ${c.id}`)).toEqual(['upsert A1']);
  // Undone, and the server dies before any save: the kept data still knows A1 as police.
  citizens.set('A1', 'police');
  const second = start(new Map(files));
  const after = await page(second, seen.next);
  expect(after.changes.map((c) => `${c.op} ${c.id}`)).toEqual(['upsert A1']);
  expect(warnings).toEqual([]);
  first.stop();
  second.stop();
});

test.each([
  ['missing', () => files.delete('kept'), /changes-kept\.dat is missing/],
  ['cut short', () => files.set('kept', (files.get('kept') as string).slice(0, -10)), /changes-kept\.dat is cut short or changed/],
  ['written by another instance', () => files.set('kept', swapInstance(files.get('kept') as string)), /another instance/],
])('kept data %s: the feed starts afresh, says why once, and old cursors answer 410', async (_what, spoil, problem) => {
  const { service: first, synced } = await begun();
  first.stop();
  spoil();
  const second = start();
  expect(await read(second, synced.next)).toBe('cursor_expired');
  expect(warnings).toEqual([expect.stringMatching(problem)]);
  second.stop();
});

/** The kept file as another instance would have written it, checksum and all (what a stale file left beside a fresh log is). */
function swapInstance(text: string): string {
  const header = text.slice(0, text.indexOf('\n')).split(' ');
  const body = JSON.stringify({ ...JSON.parse(text.slice(text.indexOf('\n') + 1)), instance: 'another' });
  header[3] = createHash('sha256').update(body).digest('hex');
  return `${header.join(' ')}\n${body}`;
}

test('a clean stop and start: the same cursor reads on with nothing delivered twice', async () => {
  const { service: first, synced } = await begun();
  citizens.set('A1', 'ems');
  await jest.advanceTimersByTimeAsync(2000);
  const seen = await page(first, synced.next);
  expect(seen.changes.map((c) => `${c.op} ${c.id}`)).toEqual(['upsert A1']);
  first.stop();
  const second = start();
  expect((await page(second, seen.next)).changes).toEqual([]);
  second.stop();
});
