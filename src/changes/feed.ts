/**
 * The change feed (the design's §2.10): per format, a kept log of what changed among its citizens
 * and vehicles, filled by detection in SQL (src/changes/watch.ts) and by the framework's events
 * for online citizens, and read in pages by cursor, after a snapshot of every current id.
 *
 * A database row detection names is looked up as its route answers it (`lookup`, the routes' own
 * function, live merge included) and logged only when the record's hash without its volatile
 * fields moved (record-hash.ts): a save of the same values, or of what a live entry already
 * reported, is no entry. The log, the hashes, detection's kept data and the cursor key are the
 * state the FiveM side saves and loads (state-file.ts), so cursors outlive restarts.
 *
 * The log is saved more often than the kept data and hashes, which grow with the tables. The kept
 * data names the log head it accounts for (`keptAt`): after a restart, every id the log names past
 * it is looked up again at the first sweep and logged whatever its hash, so a change made after the
 * kept data's save (a row changed and logged, then put back as it was, say) is never left unseen.
 * Each id whose last entry came from a framework's event, or told a record with live values merged
 * in, is looked up again too, and logged where its record now differs: it told of memory the
 * restart lost, which the database may never have received, or of a row no pass compared since.
 */
import { randomBytes } from 'node:crypto';
import type { Outcome } from '../lookup/outcome';
import { CHANGE_KINDS, type ChangeKind, type ChangeSource } from '../contract/changes';
import type { CursorKey, CursorPosition } from './cursor';
import {
  appendChange,
  dropOlderThan,
  emptyLog,
  keyOf,
  readAfter,
  restoreLog,
  saveLog,
  type Change,
  type ChangeLog,
  type SavedLog,
} from './log';
import { recordHash } from './record-hash';
import { announceChange, createWaiters, stopWaiters, type Waiters } from './waiters';
import type { DetectedChange, FormatWatch } from './watch';
import { idsAfter, sortedIds, type SortedIds } from './detect';

/** How long the feed lets a framework's burst of events settle before it looks the citizen up (well within the design's 1 s). */
export const LIVE_SETTLE_MS = 200;
/** Lookups of one detection pass under way at once: a sweep after downtime must not fill the lookup gate. */
const LOOKUPS_AT_ONCE = 8;

/** A record or vehicle as its route answers it now, and whether live values were merged into it. */
export type FeedLookup = (kind: ChangeKind, format: string, id: string) => Promise<Pick<Outcome, 'envelope' | 'source'>>;

export interface FeedOptions {
  /** citizen_records:changes: false answers 501 and detects nothing. */
  on: boolean;
  /** The format served, each with its detection. */
  watches: Readonly<Record<string, FormatWatch>>;
  /** The record or vehicle as its route answers it now (the route's own lookup, not a cached copy). */
  lookup: FeedLookup;
  /** How long a change stays in the log (changes_kept_days), in milliseconds. */
  keptMs: number;
  /** changes_max_waiting. */
  maxWaiting: number;
  databaseReady(): boolean;
  /** Wall-clock milliseconds: the `at` of changes and their age. */
  now(): number;
  /** A page of changes seen: the citizen_records:changes event. */
  emit(format: string, changes: Change[]): void;
  warn(message: string): void;
  info(message: string): void;
  /** Each detection pass that succeeded, with its duration (log_level debug): what the feed costs, as an owner sees it. */
  debug(message: string): void;
}

interface FormatState {
  log: ChangeLog;
  /** What detection kept after its last pass; null before the first sweep of a fresh state. */
  kept: unknown;
  /**
   * The log's head when the last pass that succeeded ended: the database entries `kept` and
   * `hashes` account for (a failed pass logs entries and keeps the older `kept`).
   */
  keptAt: number;
  /** `kind\0id` → hash of the record as last looked up (STALE: logged again at the next look). */
  hashes: Map<string, string>;
  /** The ids looked up again at the first sweep after a restart (formatState). */
  recheck: DetectedChange[];
  /** A sweep ran since start: the log holds what changed while the resource was down. */
  swept: boolean;
  /** The detection pass under way (a sweep and a poll never run at once), and which. */
  running: { pass: 'sweep' | 'poll'; done: Promise<boolean> } | null;
  /** Why the last pass failed, told once until one succeeds. */
  failure: string | null;
  /**
   * For each earlier run of the feed, the log's head this run started from: the last that run
   * saved. A cursor of that run beyond it names changes lost with the run (it stopped unsaved), and
   * the same numbers now name others: it has expired.
   */
  runEnds: Record<string, number>;
}

export interface Feed {
  readonly options: FeedOptions;
  readonly key: CursorKey;
  /** This run's number: one more at every start from a saved state. */
  readonly run: number;
  readonly formats: ReadonlyMap<string, FormatState>;
  readonly waiters: Waiters;
  /** What changed since its last save: the log (state-file.ts `log`), the kept data and hashes (`kept`). */
  readonly unsaved: { log: boolean; kept: boolean };
  /** Live lookups waiting for their burst to settle, by `format\0id`. */
  readonly settling: Map<string, ReturnType<typeof setTimeout>>;
}

/** What the state file `log` holds of the feed: the cursors' key and each format's log. */
export interface SavedFeed {
  instance: string;
  /** base64. */
  secret: string;
  run: number;
  formats: Record<string, { log: SavedLog; runEnds: Record<string, number> }>;
}

/** What the state file `kept` holds: each format's detection data and record hashes, and the log head they account for. */
export interface SavedKept {
  instance: string;
  formats: Record<string, { keptAt: number; kept: unknown; hashes: Record<string, string> }>;
}

export interface SavedState {
  feed: SavedFeed;
  kept: SavedKept;
}

/** A hash no record has: the id is logged at its next look whatever its record. */
const STALE = '';

/**
 * A format's state from what was saved of it: its log, and its kept data (missing for a format new
 * to the saved state, or not swept before the save; state-file.ts refuses that beside a log with entries).
 */
function formatState(saved: { log?: SavedFeed['formats'][string]; kept?: SavedKept['formats'][string] }, savedRun: number): FormatState {
  const state: FormatState = {
    runEnds: saved.log ? { ...saved.log.runEnds, [savedRun]: saved.log.log.head } : {},
    log: saved.log ? restoreLog(saved.log.log) : emptyLog(),
    kept: saved.kept?.kept ?? null,
    keptAt: saved.kept?.keptAt ?? 0,
    hashes: new Map(Object.entries(saved.kept?.hashes ?? {})),
    recheck: [],
    swept: false,
    running: null,
    failure: null,
  };
  for (const entry of state.log.entries) {
    if (entry === undefined) continue;
    const unaccounted = entry.seq > state.keptAt;
    // Past keptAt, the saved hash may be older than what a consumer was told: logged whatever the record.
    if (unaccounted) state.hashes.set(keyOf(entry.kind, entry.id), STALE);
    if (unaccounted || entry.merged || entry.source === 'live') state.recheck.push({ kind: entry.kind, id: entry.id, op: 'upsert' });
  }
  return state;
}

/**
 * A feed from its saved state (the pair state-file.ts read and checked), or a fresh one (new
 * instance: every older cursor is 410).
 */
export function createFeed(options: FeedOptions, saved: SavedState | null): Feed {
  const key: CursorKey = saved
    ? { instance: saved.feed.instance, secret: Buffer.from(saved.feed.secret, 'base64') }
    : { instance: randomBytes(9).toString('base64url'), secret: randomBytes(32) };
  const run = saved ? saved.feed.run + 1 : 0;
  const formats = new Map(
    Object.keys(options.watches).map((f) => [f, formatState({ log: saved?.feed.formats[f], kept: saved?.kept.formats[f] }, run - 1)]),
  );
  // A new run number to save; the kept data as it was loaded is on disk already.
  const unsaved = { log: true, kept: saved === null };
  return { options, key, run, formats, waiters: createWaiters(options.maxWaiting), unsaved, settling: new Map() };
}

/** The state file `log`'s part of the feed. */
export function saveFeed(feed: Feed): SavedFeed {
  const formats: SavedFeed['formats'] = {};
  for (const [name, state] of feed.formats) formats[name] = { log: saveLog(state.log), runEnds: state.runEnds };
  return { instance: feed.key.instance, secret: Buffer.from(feed.key.secret).toString('base64'), run: feed.run, formats };
}

/**
 * The log head `state`'s kept data and hashes account for now: the whole log once a sweep ran
 * since start and no pass is under way or failed (hashes move only with their entries, and what
 * a framework's event logged, outside any pass, is looked up again after a restart anyway), else
 * the head the last good pass left, so that a restart looks up again what a pass under way, a
 * failed one or a pending recheck logged.
 */
function accountedHead(state: FormatState): number {
  return state.swept && state.running === null && state.failure === null ? state.log.head : state.keptAt;
}

/** The state file `kept`'s part of the feed. */
export function saveKept(feed: Feed): SavedKept {
  const formats: SavedKept['formats'] = {};
  for (const [name, state] of feed.formats) {
    formats[name] = { keptAt: accountedHead(state), kept: state.kept, hashes: Object.fromEntries(state.hashes) };
  }
  return { instance: feed.key.instance, formats };
}

/** Some format has no kept data yet (before its first sweep): its first is worth saving at once. */
export function keptPending(feed: Feed): boolean {
  return [...feed.formats.values()].some((state) => state.kept === null);
}

/** A change to log, its record's hash from now on (null: the record is gone), and whether live values were merged into it. */
interface Told {
  change: Change;
  hash: string | null;
  merged: boolean;
}

/**
 * Appends what was seen with its hashes, at once (a save between the two would keep a hash whose
 * entry it lacks, and the change would never be told after a restart), then tells the waiting
 * requests and the listening resources.
 */
function record(feed: Feed, format: string, state: FormatState, told: readonly Told[]): void {
  if (told.length === 0) return;
  for (const { change, hash, merged } of told) {
    const key = keyOf(change.kind, change.id);
    if (hash === null) state.hashes.delete(key);
    else state.hashes.set(key, hash);
    appendChange(state.log, change, merged);
  }
  feed.unsaved.log = true;
  feed.unsaved.kept = true;
  announceChange(feed.waiters, format);
  feed.options.emit(
    format,
    told.map((t) => t.change),
  );
}

/** What a look found: the change to tell (null: its record's hash did not move), or why it could not look. */
type Looked = { told: Told | null } | { error: string };

/**
 * One row detection or a framework event named, looked up as its route answers it: what to log,
 * or why it could not be looked up. It changes nothing: record() applies what it found.
 */
async function lookAgain(feed: Feed, format: string, state: FormatState, moved: DetectedChange, source: ChangeSource): Promise<Looked> {
  const key = keyOf(moved.kind, moved.id);
  const at = new Date(feed.options.now()).toISOString();
  const gone = (): Looked => {
    // A row never seen before that is already gone again was never anyone's to delete.
    const told = state.hashes.has(key) || moved.op === 'delete';
    return { told: told ? { change: { kind: moved.kind, id: moved.id, op: 'delete', source, at }, hash: null, merged: false } : null };
  };
  if (moved.op === 'delete') return gone();
  const { envelope: answer, source: from } = await feed.options.lookup(moved.kind, format, moved.id);
  if (!answer.success) {
    const { code, message } = answer.error;
    return code === 'citizen_not_found' || code === 'vehicle_not_found' ? gone() : { error: `${code}: ${message}` };
  }
  const hash = recordHash(moved.kind, answer.data);
  if (state.hashes.get(key) === hash) return { told: null };
  return { told: { change: { kind: moved.kind, id: moved.id, op: 'upsert', source, at }, hash, merged: from === 'live' } };
}

/** Looks up what detection named, a few at a time; stops at the first lookup that fails. */
async function lookUpMoved(feed: Feed, format: string, state: FormatState, moved: readonly DetectedChange[]): Promise<string | null> {
  for (let start = 0; start < moved.length; start += LOOKUPS_AT_ONCE) {
    const batch = await Promise.all(moved.slice(start, start + LOOKUPS_AT_ONCE).map((m) => lookAgain(feed, format, state, m, 'database')));
    record(
      feed,
      format,
      state,
      batch.flatMap((b) => ('told' in b && b.told ? [b.told] : [])),
    );
    const failed = batch.find((b): b is { error: string } => 'error' in b);
    if (failed) return failed.error;
  }
  return null;
}

/**
 * What a pass found to look up: nothing on the first sweep of a fresh state (every row is new to
 * it, and no consumer holds any), else the rows it found and the ids still to look up again after
 * a restart (formatState), each once.
 */
function toLookUp(state: FormatState, found: readonly DetectedChange[]): readonly DetectedChange[] {
  if (state.kept === null) return [];
  if (state.recheck.length === 0) return found;
  const named = new Set(found.map((change) => keyOf(change.kind, change.id)));
  return [...found, ...state.recheck.filter((change) => !named.has(keyOf(change.kind, change.id)))];
}

/**
 * One detection pass of a format (`sweep` or `poll`), unless one is under way. A pass that fails
 * keeps the data detection kept before, so the next one finds the same rows again; it is told
 * once, and once more when a pass succeeds again. Resolves whether the pass succeeded.
 */
export function detectChanges(feed: Feed, format: string, mode: 'sweep' | 'poll'): Promise<boolean> {
  const state = feed.formats.get(format);
  if (!state || !feed.options.on) return Promise.resolve(false);
  if (state.running) {
    // A sweep asked while a poll runs comes after it: the poll does not see deletions or ESX changes.
    const { pass, done } = state.running;
    return mode === 'sweep' && pass === 'poll' ? done.then(() => detectChanges(feed, format, 'sweep')) : done;
  }
  // Until a sweep has run since start, the log does not hold what changed while the resource was down.
  const pass = state.swept ? mode : 'sweep';
  const done = runPass(feed, format, state, pass).finally(() => {
    state.running = null;
  });
  state.running = { pass, done };
  return done;
}

async function runPass(feed: Feed, format: string, state: FormatState, pass: 'sweep' | 'poll'): Promise<boolean> {
  const { options } = feed;
  if (!options.databaseReady()) return false;
  const watch = options.watches[format];
  const began = options.now();
  let problem: string | null;
  let moved = 0;
  try {
    const found = await (pass === 'sweep' ? watch.sweep(state.kept) : watch.poll(state.kept));
    moved = 'error' in found || state.kept === null ? 0 : found.changes.length;
    problem = 'error' in found ? found.error : await lookUpMoved(feed, format, state, toLookUp(state, found.changes));
    if (!('error' in found) && problem === null) {
      if (found.changes.length > 0 || state.kept === null) feed.unsaved.kept = true;
      state.kept = found.kept;
      // One pass at a time: every database entry up to here is this pass's or an earlier one's.
      state.keptAt = state.log.head;
      state.recheck = [];
    }
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  }
  if (problem !== null) {
    if (state.failure === null) options.warn(`change feed ${format}: a ${pass} failed and will be tried again (${problem})`);
    state.failure = problem;
    return false;
  }
  if (state.failure !== null) options.info(`change feed ${format}: detection works again`);
  state.failure = null;
  options.debug(`change feed ${format}: ${pass} done in ${options.now() - began} ms, rows moved: ${moved}`);
  if (pass === 'sweep') {
    state.swept = true;
    if (dropOlderThan(state.log, options.now() - options.keptMs) > 0) feed.unsaved.log = true;
  }
  return true;
}

/**
 * A framework event about an online citizen: after LIVE_SETTLE_MS (one lookup for a burst of
 * events), his record as the route answers it, logged as `live` when its hash moved.
 */
export function noteLiveChange(feed: Feed, format: string, id: string): void {
  const state = feed.formats.get(format);
  const key = `${format}\u0000${id}`;
  if (!state || !feed.options.on || feed.waiters.stopped || feed.settling.has(key)) return;
  const timer = setTimeout(() => {
    feed.settling.delete(key);
    // Before the first sweep there is nothing to compare with; the sweep sees the row itself.
    if (!state.swept) return;
    void lookAgain(feed, format, state, { kind: 'citizen', id, op: 'upsert' }, 'live').then((looked) => {
      if ('told' in looked && looked.told) record(feed, format, state, [looked.told]);
    });
  }, LIVE_SETTLE_MS);
  feed.settling.set(key, timer);
}

/** Answers every held request resource_stopping and drops the pending live lookups. */
export function stopFeed(feed: Feed): void {
  stopWaiters(feed.waiters);
  for (const timer of feed.settling.values()) clearTimeout(timer);
  feed.settling.clear();
}

/** No ids: before the first sweep. */
const NO_IDS = sortedIds([]);

/** The ids of `kind` detection keeps, in code-unit order (the format's watch caches them per kept table). */
function idsOf(feed: Feed, format: string, state: FormatState, kind: ChangeKind): SortedIds {
  return state.kept === null ? NO_IDS : feed.options.watches[format].ids(state.kept, kind);
}

interface Page {
  changes: Change[];
  next: CursorPosition;
}

/** Up to `limit` changes from `position`: the rest of the snapshot walk, then the log. */
export function readPage(feed: Feed, format: string, position: CursorPosition, limit: number): Page {
  const state = feed.formats.get(format) as FormatState;
  if (position.phase === 'log') {
    const entries = readAfter(state.log, position.seq, limit);
    const changes = entries.map(({ kind, id, op, source, at }) => ({ kind, id, op, source, at }));
    return { changes, next: { run: feed.run, phase: 'log', seq: entries.at(-1)?.seq ?? position.seq } };
  }
  const at = new Date(feed.options.now()).toISOString();
  const changes: Change[] = [];
  let after = position.after;
  for (const kind of CHANGE_KINDS.slice(CHANGE_KINDS.indexOf(position.kind))) {
    const taken = idsAfter(idsOf(feed, format, state, kind), after, limit - changes.length);
    for (const id of taken) changes.push({ kind, id, op: 'upsert', source: 'database', at });
    if (changes.length === limit)
      return { changes, next: { run: feed.run, phase: 'snapshot', since: position.since, kind, after: taken.at(-1) ?? after } };
    after = null;
  }
  // The walk is done: the same page carries on with what changed since it began.
  const rest = readPage(feed, format, { run: feed.run, phase: 'log', seq: position.since }, limit - changes.length);
  return { changes: [...changes, ...rest.changes], next: rest.next };
}
