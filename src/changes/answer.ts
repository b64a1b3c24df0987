/**
 * GET /{format}/changes and get{Format}Changes: a request checked (query, cursor), then a page of
 * the format's feed, held while nothing is new when it asks to wait, with each upsert's record
 * when it asks `include=record`. Never rejects; the cursor reaches no SQL.
 */
import { fail, formatDisabled, ok, resourceStopping, type Envelope } from '../lookup/envelope';
import { CHANGE_KINDS } from '../contract/changes';
import { decodeCursor, encodeCursor, type CursorPosition } from './cursor';
import { detectChanges, readPage, type Feed } from './feed';
import type { Change } from './log';
import { readChangesArgument, readChangesQueryString, type ChangesQuery } from './query';
import { holdForChange } from './waiters';

export interface ChangesPage {
  changes: Array<Change & { record?: unknown }>;
  next: string;
}

const expired = (message: string) => fail('cursor_expired', `${message} Start a new snapshot without a cursor.`);

/**
 * Where the page starts, once the log is known: a new snapshot, or the cursor's place when the kept
 * log still reaches back to it.
 */
function startOf(feed: Feed, format: string, position: CursorPosition | null): CursorPosition | Envelope<never> {
  const state = feed.formats.get(format);
  if (!state) throw new Error(`no feed for format ${format}`);
  const { log, runEnds } = state;
  if (position === null) return { run: feed.run, phase: 'snapshot', since: log.head, kind: CHANGE_KINDS[0], after: null };
  const seq = position.phase === 'log' ? position.seq : position.since;
  if (seq < log.floor)
    return expired('The cursor is older than the kept log (changes older than citizen_records:changes_kept_days were dropped).');
  // Handed out after the last save of a run that then stopped without saving: those numbers now name other changes.
  // An earlier run this log has no end of did not keep this format's log (it was off then): its numbers are another log's.
  const end = position.run === feed.run ? log.head : runEnds[position.run];
  if (seq > log.head || position.run > feed.run || end === undefined || seq > end) {
    return expired('The cursor names changes this server lost (it stopped without saving its state).');
  }
  return position;
}

/** The log can be read once a sweep ran since start; waits for the one under way. */
async function whenSwept(feed: Feed, format: string): Promise<Envelope<never> | null> {
  const state = feed.formats.get(format);
  if (state?.swept) return null;
  const unavailable = fail(
    'database_unavailable',
    'The change feed has not read the tables since the resource started (the database is not usable yet); try again shortly.',
  );
  if (!feed.options.databaseReady()) return unavailable;
  await detectChanges(feed, format, 'sweep');
  return state?.swept ? null : unavailable;
}

/** Each upsert with its record as its route answers it now; an upsert whose record is gone becomes a delete. */
async function withRecords(feed: Feed, format: string, changes: Change[]): Promise<Envelope<ChangesPage['changes']>> {
  const looked = await Promise.all(
    changes.map(async (change) => {
      if (change.op === 'delete') return ok(change);
      const { envelope: answer } = await feed.options.lookup(change.kind, format, change.id);
      if (answer.success) return ok({ ...change, record: answer.data });
      const { code } = answer.error;
      return code === 'citizen_not_found' || code === 'vehicle_not_found' ? ok({ ...change, op: 'delete' as const }) : answer;
    }),
  );
  const failed = looked.find((l) => !l.success);
  return failed && !failed.success ? failed : ok(looked.map((l) => (l as { data: ChangesPage['changes'][number] }).data));
}

/** The answer of every request while citizen_records:changes is false. */
export const feedOff = () => fail('format_unavailable', 'The change feed is off on this server (convar citizen_records:changes).');

export async function answerChanges(feed: Feed, format: string, input: unknown, via: 'http' | 'export'): Promise<Envelope<ChangesPage>> {
  if (!feed.options.on) return feedOff();
  if (!feed.formats.has(format)) return formatDisabled(format);
  if (feed.waiters.stopped) return resourceStopping();
  const read = via === 'http' ? readChangesQueryString(typeof input === 'string' ? input : '') : readChangesArgument(input);
  if (!read.ok) return fail('invalid_query', read.message);
  const { query } = read;
  let position: CursorPosition | null = null;
  if (query.cursor !== null) {
    const cursor = decodeCursor(query.cursor, format, feed.key);
    if (!cursor.ok) return fail(cursor.code, cursor.message);
    position = cursor.position;
  }
  const notYet = await whenSwept(feed, format);
  if (notYet) return notYet;
  const start = startOf(feed, format, position);
  if ('success' in start) return start;
  return page(feed, format, start, query);
}

async function page(feed: Feed, format: string, start: CursorPosition, query: ChangesQuery): Promise<Envelope<ChangesPage>> {
  let found = readPage(feed, format, start, query.limit);
  if (found.changes.length === 0 && query.waitMs > 0) {
    const end = await holdForChange(feed.waiters, format, query.waitMs);
    if (end === 'stopped') return resourceStopping();
    if (end === 'change') found = readPage(feed, format, start, query.limit);
  }
  const next = encodeCursor(format, found.next, feed.key);
  if (!query.records) return ok({ changes: found.changes, next });
  const changes = await withRecords(feed, format, found.changes);
  if (!changes.success) return changes;
  return feed.waiters.stopped ? resourceStopping() : ok({ changes: changes.data, next });
}
