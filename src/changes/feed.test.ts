import { fail, ok, type Envelope } from '../lookup/envelope';
import type { RecordSource } from '../lookup/outcome';
import type { ChangeKind } from '../contract/changes';
import { answerChanges, type ChangesPage } from './answer';
import {
  createFeed,
  detectChanges,
  noteLiveChange,
  saveFeed,
  saveKept,
  stopFeed,
  type Feed,
  type FeedOptions,
  type SavedState,
} from './feed';
import { sortedIds } from './detect';
import type { Change } from './log';
import type { DetectedChange, FormatWatch } from './watch';

/** A game database in memory: rows by kind and id; detection keeps a JSON text of each row. */
class FakeTables {
  rows: Record<ChangeKind, Map<string, Record<string, unknown>>> = { citizen: new Map(), vehicle: new Map() };
  /** Online citizens' records in memory, which the lookup answers over their rows (the live merge). */
  memory = new Map<string, Record<string, unknown>>();
  down = false;
  lookups: string[] = [];
  /** Lookups of an id held until its promise settles. */
  held = new Map<string, Promise<void>>();

  watch(): FormatWatch {
    const sweep = async (kept: unknown) => {
      if (this.down) return { error: 'database_unavailable: lost' };
      const now: Record<string, Record<string, string>> = { citizen: {}, vehicle: {} };
      const changes: DetectedChange[] = [];
      const before = (kept ?? { citizen: {}, vehicle: {} }) as typeof now;
      for (const kind of ['citizen', 'vehicle'] as const) {
        for (const [id, row] of this.rows[kind]) {
          now[kind][id] = JSON.stringify(row);
          if (before[kind][id] !== now[kind][id]) changes.push({ kind, id, op: 'upsert' });
        }
        for (const id of Object.keys(before[kind])) if (!this.rows[kind].has(id)) changes.push({ kind, id, op: 'delete' });
      }
      return { kept: now, changes };
    };
    return { sweep, poll: sweep, ids: (kept, kind) => sortedIds(Object.keys((kept as Record<string, object>)[kind])) };
  }

  lookup = async (kind: ChangeKind, _format: string, id: string): Promise<{ envelope: Envelope<unknown>; source: RecordSource }> => {
    this.lookups.push(id);
    await this.held.get(id);
    if (this.down) return { envelope: fail('database_unavailable', 'lost'), source: 'database' };
    const row = this.rows[kind].get(id);
    const memory = kind === 'citizen' && row ? this.memory.get(id) : undefined;
    const record = memory ?? row;
    const envelope = record ? ok(record) : fail(kind === 'citizen' ? 'citizen_not_found' : 'vehicle_not_found', 'none');
    return { envelope, source: memory ? 'live' : 'database' };
  };
}

function setUp(saved: SavedState | null = null, tables = new FakeTables(), overrides: Partial<FeedOptions> = {}) {
  let clock = Date.UTC(2026, 5, 1);
  const events: Array<[string, Change[]]> = [];
  const warnings: string[] = [];
  const debug: string[] = [];
  const feed = createFeed(
    {
      on: true,
      watches: { beta: tables.watch() },
      lookup: tables.lookup,
      keptMs: 7 * 86_400_000,
      maxWaiting: 2,
      databaseReady: () => true,
      now: () => clock,
      emit: (format, changes) => events.push([format, changes]),
      warn: (message) => warnings.push(message),
      info: () => undefined,
      debug: (message) => debug.push(message),
      ...overrides,
    },
    saved,
  );
  return { feed, tables, events, warnings, debug, advance: (ms: number) => (clock += ms) };
}

const citizen = (id: string, job = 'police', extra: Record<string, unknown> = {}) => ({ citizenid: id, job, position: { x: 1 }, ...extra });

async function read(feed: Feed, query: Record<string, unknown> = {}): Promise<ChangesPage> {
  const answer = await answerChanges(feed, 'beta', query, 'export');
  if (!answer.success) throw new Error(JSON.stringify(answer.error));
  return answer.data;
}

/** Framework events about `id` (a burst), and the batch the feed logs from them. */
function liveEvents(feed: Feed, events: unknown[], id: string): Promise<void> {
  const before = events.length;
  const logged = new Promise<void>((resolve) => {
    const check = setInterval(() => events.length > before && resolve(clearInterval(check)), 5);
  });
  noteLiveChange(feed, 'beta', id);
  noteLiveChange(feed, 'beta', id);
  return logged;
}

const summary = (page: ChangesPage) => page.changes.map((c) => `${c.op} ${c.kind} ${c.id}${c.source === 'live' ? ' live' : ''}`);

describe('a snapshot, then the log', () => {
  test('no cursor walks every id as upserts in pages, then carries on with what changed since it began', async () => {
    const { feed, tables } = setUp();
    for (const id of ['C3', 'A1', 'B2']) tables.rows.citizen.set(id, citizen(id));
    tables.rows.vehicle.set('AB 123', { plate: 'AB 123', owner: 'A1' });
    const first = await read(feed, { limit: 2 });
    expect(summary(first)).toEqual(['upsert citizen A1', 'upsert citizen B2']);
    // Changes during the walk: a new citizen behind the walk's place, one deleted ahead of it.
    tables.rows.citizen.set('A0', citizen('A0'));
    tables.rows.citizen.delete('C3');
    await detectChanges(feed, 'beta', 'sweep');
    const second = await read(feed, { cursor: first.next, limit: 2 });
    expect(summary(second)).toEqual(['upsert vehicle AB 123', 'upsert citizen A0']);
    const third = await read(feed, { cursor: second.next, limit: 2 });
    expect(summary(third)).toEqual(['delete citizen C3']);
    // Caught up: an empty page, and its next still reads what comes after.
    const fourth = await read(feed, { cursor: third.next });
    expect(fourth.changes).toEqual([]);
    tables.rows.citizen.set('B2', citizen('B2', 'ambulance'));
    await detectChanges(feed, 'beta', 'poll');
    expect(summary(await read(feed, { cursor: fourth.next }))).toEqual(['upsert citizen B2']);
  });

  test('the first sweep of a fresh state logs nothing: every row is in the snapshot', async () => {
    const { feed, tables, events } = setUp();
    tables.rows.citizen.set('A1', citizen('A1'));
    await detectChanges(feed, 'beta', 'sweep');
    expect(feed.formats.get('beta')?.log.head).toBe(0);
    expect(events).toEqual([]);
    expect(tables.lookups).toEqual([]);
  });

  test('each pass that succeeds is told at debug level with its duration and the rows that moved', async () => {
    const { feed, tables, debug } = setUp();
    tables.rows.citizen.set('A1', citizen('A1'));
    await detectChanges(feed, 'beta', 'sweep');
    tables.rows.citizen.set('B2', citizen('B2'));
    await detectChanges(feed, 'beta', 'sweep');
    expect(debug).toEqual(['change feed beta: sweep done in 0 ms, rows moved: 0', 'change feed beta: sweep done in 0 ms, rows moved: 1']);
  });
});

describe('what counts as a change', () => {
  async function swept() {
    const setup = setUp();
    setup.tables.rows.citizen.set('A1', citizen('A1'));
    await detectChanges(setup.feed, 'beta', 'sweep');
    const start = await read(setup.feed);
    return { ...setup, next: start.next };
  }

  test('a row detection names whose record did not move (only position, health, armour, last_updated) is no entry', async () => {
    const { feed, tables, next } = await swept();
    tables.rows.citizen.set('A1', citizen('A1', 'police', { last_updated: 'x', metadata: {} }));
    await detectChanges(feed, 'beta', 'sweep');
    // First sighting since the snapshot: no hash to compare with yet, so it is an entry.
    const seen = await read(feed, { cursor: next });
    expect(summary(seen)).toEqual(['upsert citizen A1']);
    tables.rows.citizen.set('A1', citizen('A1', 'police', { position: { x: 99 }, last_updated: 'y', metadata: {} }));
    await detectChanges(feed, 'beta', 'sweep');
    tables.rows.citizen.set('A1', citizen('A1', 'police', { position: { x: 5 }, last_updated: 'z', metadata: { armor: 40 } }));
    await detectChanges(feed, 'beta', 'sweep');
    expect((await read(feed, { cursor: seen.next })).changes).toEqual([]);
    tables.rows.citizen.set('A1', citizen('A1', 'police', { metadata: { armor: 40, stress: 3 } }));
    await detectChanges(feed, 'beta', 'sweep');
    expect(summary(await read(feed, { cursor: seen.next }))).toEqual(['upsert citizen A1']);
  });

  test('a live change is logged as live, and a database save of the same record afterwards is no repeat', async () => {
    const { feed, tables, next, events } = await swept();
    tables.rows.citizen.set('A1', citizen('A1', 'mechanic'));
    await liveEvents(feed, events, 'A1');
    const page = await read(feed, { cursor: next });
    expect(summary(page)).toEqual(['upsert citizen A1 live']);
    expect(tables.lookups.filter((id) => id === 'A1')).toHaveLength(1);
    await detectChanges(feed, 'beta', 'sweep');
    expect((await read(feed, { cursor: page.next })).changes).toEqual([]);
  });

  test('a sweep that fails keeps the state as it was, says so once, and the next one finds the same change', async () => {
    const { feed, tables, next, warnings } = await swept();
    tables.rows.citizen.set('A1', citizen('A1', 'judge'));
    tables.down = true;
    expect(await detectChanges(feed, 'beta', 'sweep')).toBe(false);
    expect(await detectChanges(feed, 'beta', 'sweep')).toBe(false);
    expect(warnings).toHaveLength(1);
    tables.down = false;
    expect(await detectChanges(feed, 'beta', 'sweep')).toBe(true);
    expect(summary(await read(feed, { cursor: next }))).toEqual(['upsert citizen A1']);
  });

  test('the event carries each batch of changes with its format', async () => {
    const { feed, tables, events } = await swept();
    tables.rows.citizen.delete('A1');
    await detectChanges(feed, 'beta', 'sweep');
    expect(events).toEqual([['beta', [expect.objectContaining({ kind: 'citizen', id: 'A1', op: 'delete', source: 'database' })]]]);
  });
});

describe('include=record', () => {
  test('each upsert carries the record as the lookup answers it; one gone meanwhile comes as a delete', async () => {
    const { feed, tables } = setUp();
    tables.rows.citizen.set('A1', citizen('A1'));
    tables.rows.citizen.set('B2', citizen('B2'));
    await detectChanges(feed, 'beta', 'sweep');
    tables.rows.citizen.delete('B2');
    const page = await read(feed, { include: 'record' });
    expect(page.changes.map((c) => [c.id, c.op, c.record])).toEqual([
      ['A1', 'upsert', citizen('A1')],
      ['B2', 'delete', undefined],
    ]);
  });

  test('a lookup that fails fails the page, so the consumer asks again with the same cursor', async () => {
    const { feed, tables } = setUp();
    tables.rows.citizen.set('A1', citizen('A1'));
    await detectChanges(feed, 'beta', 'sweep');
    tables.down = true;
    expect(await answerChanges(feed, 'beta', { include: 'record' }, 'export')).toMatchObject({
      success: false,
      error: { code: 'database_unavailable' },
    });
  });
});

describe('cursors against the log', () => {
  test('a cursor older than the kept log is 410; one of another instance is 410; another format is 400', async () => {
    const { feed, tables, advance } = setUp();
    tables.rows.citizen.set('A1', citizen('A1'));
    await detectChanges(feed, 'beta', 'sweep');
    const old = (await read(feed)).next;
    tables.rows.citizen.set('A1', citizen('A1', 'x'));
    await detectChanges(feed, 'beta', 'sweep');
    advance(8 * 86_400_000);
    await detectChanges(feed, 'beta', 'sweep');
    expect(await answerChanges(feed, 'beta', { cursor: old }, 'export')).toMatchObject({ error: { code: 'cursor_expired' } });
    const elsewhere = setUp().feed;
    await detectChanges(elsewhere, 'beta', 'sweep');
    expect(await answerChanges(elsewhere, 'beta', { cursor: old }, 'export')).toMatchObject({ error: { code: 'cursor_expired' } });
    expect(await answerChanges(feed, 'beta', { cursor: 'garbage' }, 'export')).toMatchObject({ error: { code: 'invalid_query' } });
  });

  test('saved and restored, the same cursors read on; a cursor past the saved head (changes lost in a crash) is 410', async () => {
    const { feed, tables } = setUp();
    tables.rows.citizen.set('A1', citizen('A1'));
    await detectChanges(feed, 'beta', 'sweep');
    const start = (await read(feed)).next;
    const saved: SavedState = JSON.parse(JSON.stringify({ feed: saveFeed(feed), kept: saveKept(feed) }));
    tables.rows.citizen.set('A1', citizen('A1', 'lost'));
    await detectChanges(feed, 'beta', 'sweep');
    const ahead = (await read(feed, { cursor: start })).next;
    // The run stops without saving; the next one starts from the saved state and sees the change again.
    const again = setUp(saved, tables).feed;
    expect(summary(await read(again, { cursor: start }))).toEqual(['upsert citizen A1']);
    expect(again.formats.get('beta')?.log.head).toBe(1);
    expect(await answerChanges(again, 'beta', { cursor: ahead }, 'export')).toMatchObject({ error: { code: 'cursor_expired' } });
    // Its own cursors at the same sequence read on.
    tables.rows.citizen.set('A1', citizen('A1', 'after'));
    await detectChanges(again, 'beta', 'sweep');
    const own = (await read(again, { cursor: start })).next;
    expect((await read(again, { cursor: own })).changes).toEqual([]);
  });

  test('kept data saved before the log: what the log named since is looked up again, so a change undone before a crash still comes', async () => {
    const { feed, tables } = setUp();
    for (const id of ['A1', 'B2']) tables.rows.citizen.set(id, citizen(id));
    await detectChanges(feed, 'beta', 'sweep');
    const kept = saveKept(feed);
    const synced = (await read(feed)).next;
    // After the kept data's save: A1 changed, B2 deleted, C3 new; the consumer reads them, the log is saved.
    tables.rows.citizen.set('A1', citizen('A1', 'x'));
    tables.rows.citizen.delete('B2');
    tables.rows.citizen.set('C3', citizen('C3'));
    await detectChanges(feed, 'beta', 'sweep');
    const page = await read(feed, { cursor: synced });
    expect(summary(page).sort()).toEqual(['delete citizen B2', 'upsert citizen A1', 'upsert citizen C3']);
    const saved: SavedState = JSON.parse(JSON.stringify({ feed: saveFeed(feed), kept }));
    // Then, unsaved before a crash, each is undone: the tables are as the kept data knew them.
    tables.rows.citizen.set('A1', citizen('A1'));
    tables.rows.citizen.set('B2', citizen('B2'));
    tables.rows.citizen.delete('C3');
    const again = setUp(saved, tables).feed;
    await detectChanges(again, 'beta', 'sweep');
    const after = await read(again, { cursor: page.next, include: 'record' });
    expect(after.changes.map((c) => [c.op, c.id, (c.record as { job?: string } | undefined)?.job]).sort()).toEqual([
      ['delete', 'C3', undefined],
      ['upsert', 'A1', 'police'],
      ['upsert', 'B2', 'police'],
    ]);
    // Looked up once: the next sweep finds nothing more.
    await detectChanges(again, 'beta', 'sweep');
    expect((await read(again, { cursor: after.next })).changes).toEqual([]);
  });

  test('a database entry whose record held memory is looked up again after a restart, like a live one', async () => {
    const { feed, tables, events } = setUp();
    tables.rows.citizen.set('A1', citizen('A1'));
    await detectChanges(feed, 'beta', 'sweep');
    const synced = (await read(feed)).next;
    tables.memory.set('A1', citizen('A1', 'ems'));
    await liveEvents(feed, events, 'A1');
    // Another column saved to the row: the lookup merges the memory in, and the entry is the database's.
    tables.rows.citizen.set('A1', citizen('A1', 'police', { phone: '555' }));
    tables.memory.set('A1', citizen('A1', 'ems', { phone: '555' }));
    await detectChanges(feed, 'beta', 'sweep');
    const page = await read(feed, { cursor: synced });
    expect(summary(page)).toEqual(['upsert citizen A1']);
    const saved: SavedState = JSON.parse(JSON.stringify({ feed: saveFeed(feed), kept: saveKept(feed) }));
    tables.memory.clear();
    const again = setUp(saved, tables).feed;
    await detectChanges(again, 'beta', 'sweep');
    const after = await read(again, { cursor: page.next, include: 'record' });
    expect(after.changes.map((c) => [c.id, (c.record as { job: string }).job])).toEqual([['A1', 'police']]);
  });

  test('a save while a pass waits on its lookups keeps no hash without its entry', async () => {
    const { feed, tables } = setUp();
    for (const id of ['A1', 'B2']) tables.rows.citizen.set(id, citizen(id));
    await detectChanges(feed, 'beta', 'sweep');
    tables.rows.citizen.set('A1', citizen('A1', 'ems'));
    tables.rows.citizen.set('B2', citizen('B2', 'ems'));
    // B2's lookup waits; A1's is done: a save now must not hold A1's new hash without its entry.
    let release = () => {};
    tables.held.set(
      'B2',
      new Promise<void>((resolve) => {
        release = resolve;
      }),
    );
    const pass = detectChanges(feed, 'beta', 'sweep');
    while (!tables.lookups.includes('B2')) await new Promise((resolve) => setImmediate(resolve));
    expect(saveKept(feed).formats.beta.hashes).toEqual({});
    expect(saveFeed(feed).formats.beta.log.entries).toEqual([]);
    release();
    await pass;
    expect(Object.keys(saveKept(feed).formats.beta.hashes)).toHaveLength(2);
    expect(saveFeed(feed).formats.beta.log.entries).toHaveLength(2);
  });

  test('a live entry told of memory a restart lost: the citizen is looked up again, and logged where his record now differs', async () => {
    const { feed, tables, events } = setUp();
    for (const id of ['A1', 'B2']) tables.rows.citizen.set(id, citizen(id));
    await detectChanges(feed, 'beta', 'sweep');
    const synced = (await read(feed)).next;
    // In memory only: A1's job, and B2's, which the framework then saved to the database.
    tables.memory.set('A1', citizen('A1', 'ems'));
    await liveEvents(feed, events, 'A1');
    tables.memory.set('B2', citizen('B2', 'ems'));
    await liveEvents(feed, events, 'B2');
    tables.rows.citizen.set('B2', citizen('B2', 'ems'));
    tables.memory.delete('B2');
    await detectChanges(feed, 'beta', 'sweep');
    const page = await read(feed, { cursor: synced });
    expect(summary(page)).toEqual(['upsert citizen A1 live', 'upsert citizen B2 live']);
    // Saved whole after a pass (the kept data accounts for every entry), then the server stops: A1's memory is gone unsaved.
    const saved: SavedState = JSON.parse(JSON.stringify({ feed: saveFeed(feed), kept: saveKept(feed) }));
    tables.memory.clear();
    const again = setUp(saved, tables).feed;
    await detectChanges(again, 'beta', 'sweep');
    expect(summary(await read(again, { cursor: page.next }))).toEqual(['upsert citizen A1']);
  });
});

describe('the long poll', () => {
  async function caughtUp() {
    const setup = setUp();
    setup.tables.rows.citizen.set('A1', citizen('A1'));
    await detectChanges(setup.feed, 'beta', 'sweep');
    return { ...setup, next: (await read(setup.feed)).next };
  }

  test('a held request is answered by the next change of its format', async () => {
    const { feed, tables, next } = await caughtUp();
    const held = read(feed, { cursor: next, wait: 30 });
    tables.rows.citizen.set('B2', citizen('B2'));
    await detectChanges(feed, 'beta', 'sweep');
    expect(summary(await held)).toEqual(['upsert citizen B2']);
  });

  test('at most maxWaiting are held; beyond, the answer comes at once, empty; at stop, held ones are 503', async () => {
    const { feed, next } = await caughtUp();
    const held = [1, 2].map(() => answerChanges(feed, 'beta', { cursor: next, wait: 30 }, 'export'));
    const beyond = await read(feed, { cursor: next, wait: 30 });
    expect(beyond.changes).toEqual([]);
    expect(feed.waiters.held.size).toBe(2);
    stopFeed(feed);
    for (const answer of await Promise.all(held)) expect(answer).toMatchObject({ error: { code: 'resource_stopping' } });
  });

  test('the wait ends empty when nothing comes', async () => {
    const { feed, next } = await caughtUp();
    const page = await read(feed, { cursor: next, wait: 1 });
    expect(page.changes).toEqual([]);
    expect(page.next).toBe(next);
  });
});

test('with the feed off, 501 format_unavailable naming the convar', async () => {
  const { feed } = setUp(null, new FakeTables(), { on: false });
  expect(await answerChanges(feed, 'beta', {}, 'export')).toMatchObject({
    error: { code: 'format_unavailable', message: expect.stringContaining('citizen_records:changes') },
  });
});
