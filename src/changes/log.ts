/**
 * The kept log of one format's feed: each change with its sequence number, compacted per id. A
 * newer change of the same kind and id replaces the older one (a consumer needs only the latest
 * word on an id), so the log holds at most one entry per id ever seen, and an entry older than
 * the kept age is dropped. A reader at a position below the newest dropped entry may have missed
 * it: its cursor has expired (410).
 *
 * Entries sit in `entries` in sequence order; a replaced one leaves a hole (undefined) that a
 * compaction removes once holes are half the array, so a read after a sequence is a binary search
 * and a walk of `limit` entries, whatever the log's size.
 */
import type { ChangeKind, ChangeOp, ChangeSource } from '../contract/changes';

export interface Change {
  kind: ChangeKind;
  id: string;
  op: ChangeOp;
  source: ChangeSource;
  /** ISO 8601 in UTC. */
  at: string;
}

export interface LoggedChange extends Change {
  seq: number;
  /** Milliseconds since the epoch of `at`: what the age limit compares. */
  time: number;
  /** The record told held values from the framework's memory (its lookup merged them): looked up again after a restart. */
  merged: boolean;
}

export interface ChangeLog {
  /** The sequence number of the newest change (0 before any). */
  head: number;
  /** The newest sequence dropped for its age: a reader before it has missed something. */
  floor: number;
  entries: Array<LoggedChange | undefined>;
  /** `kind\0id` → index in entries. */
  index: Map<string, number>;
  holes: number;
}

export const keyOf = (kind: ChangeKind, id: string): string => `${kind}\u0000${id}`;

export function emptyLog(head = 0, floor = 0): ChangeLog {
  return { head, floor, entries: [], index: new Map(), holes: 0 };
}

function compact(log: ChangeLog): void {
  const kept = log.entries.filter((e): e is LoggedChange => e !== undefined);
  log.entries = kept;
  log.index = new Map(kept.map((e, i) => [keyOf(e.kind, e.id), i]));
  log.holes = 0;
}

function remove(log: ChangeLog, key: string): void {
  const at = log.index.get(key);
  if (at === undefined) return;
  log.entries[at] = undefined;
  log.index.delete(key);
  log.holes += 1;
  if (log.holes > 64 && log.holes * 2 > log.entries.length) compact(log);
}

/** Appends `change` under the next sequence number, replacing the older entry of its id. */
export function appendChange(log: ChangeLog, change: Change, merged = false): LoggedChange {
  const key = keyOf(change.kind, change.id);
  remove(log, key);
  log.head += 1;
  const logged: LoggedChange = { ...change, seq: log.head, time: Date.parse(change.at), merged };
  log.index.set(key, log.entries.length);
  log.entries.push(logged);
  return logged;
}

/** The first index whose entry (or the next real one after a hole) has a sequence above `seq`. */
function firstAfter(log: ChangeLog, seq: number): number {
  let low = 0;
  let high = log.entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    // A hole takes the sequence of the next real entry, which keeps the array sorted for the search.
    let probe = middle;
    while (probe < high && log.entries[probe] === undefined) probe += 1;
    const entry = log.entries[probe];
    if (entry === undefined || entry.seq > seq) high = middle;
    else low = probe + 1;
  }
  return low;
}

/** Up to `limit` changes after sequence `seq`, oldest first. */
export function readAfter(log: ChangeLog, seq: number, limit: number): LoggedChange[] {
  const page: LoggedChange[] = [];
  for (let i = firstAfter(log, seq); i < log.entries.length && page.length < limit; i += 1) {
    const entry = log.entries[i];
    if (entry !== undefined) page.push(entry);
  }
  return page;
}

/** Drops the entries seen before `oldest` (milliseconds); says how many went. */
export function dropOlderThan(log: ChangeLog, oldest: number): number {
  const old: LoggedChange[] = [];
  for (const entry of log.entries) {
    if (entry === undefined) continue;
    if (entry.time >= oldest) break;
    old.push(entry);
  }
  for (const entry of old) remove(log, keyOf(entry.kind, entry.id));
  if (old.length > 0) log.floor = old[old.length - 1].seq;
  return old.length;
}

/** True when a reader that has seen everything up to `seq` can still read on without a gap. */
export function canReadFrom(log: ChangeLog, seq: number): boolean {
  return seq >= log.floor && seq <= log.head;
}

/** The log as plain data for the state file: its bounds and the entries in order. */
export interface SavedLog {
  head: number;
  floor: number;
  /** The last element, 1 when merged, is left out when not. */
  entries: Array<
    [number, ChangeKind, string, ChangeOp, ChangeSource, string] | [number, ChangeKind, string, ChangeOp, ChangeSource, string, 1]
  >;
}

export function saveLog(log: ChangeLog): SavedLog {
  const entries: SavedLog['entries'] = [];
  for (const e of log.entries) {
    if (e === undefined) continue;
    const entry = [e.seq, e.kind, e.id, e.op, e.source, e.at] as const;
    entries.push(e.merged ? [...entry, 1] : [...entry]);
  }
  return { head: log.head, floor: log.floor, entries };
}

/** A saved log back in memory; entries are trusted to be in order (the state file is checksummed). */
export function restoreLog(saved: SavedLog): ChangeLog {
  const log = emptyLog(saved.head, saved.floor);
  for (const [seq, kind, id, op, source, at, merged] of saved.entries) {
    log.index.set(keyOf(kind, id), log.entries.length);
    log.entries.push({ kind, id, op, source, at, seq, time: Date.parse(at), merged: merged === 1 });
  }
  return log;
}
