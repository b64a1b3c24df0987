/**
 * The feed's state as two text files in the resource's folder (the FiveM side writes them with
 * SaveResourceFile and reads them with LoadResourceFile), each a first line with the file's kind,
 * its version, the server it belongs to and a SHA-256 of the rest, then its part of the state as
 * JSON:
 * - `changes-state.dat`: the cursors' key and each format's log, small, saved at start and every
 *   minute when the log moved;
 * - `changes-kept.dat`: detection's data and the record hashes, which grow with the tables (tens
 *   of megabytes at 100,000 rows), saved less often (src/changes/service.ts), with the log head
 *   they account for. The log's entries after it are looked up again after a restart (feed.ts).
 *
 * A file cut short, changed, of another version or of another server (another database) is refused
 * with the reason, and so is a pair that does not fit (pairProblem: of another instance, or no kept
 * data for a format whose log has entries, newer than the log or older than its oldest entry): the
 * feed starts afresh, a new instance whose cursors the old ones are not, as it cannot tell what
 * changed while it was down.
 */
import { createHash } from 'node:crypto';
import type { SavedFeed, SavedKept, SavedState } from './feed';

/** The files' names in the resource's folder (or a standalone instance's state directory). */
export const STATE_FILES = { log: 'changes-state.dat', kept: 'changes-kept.dat' } as const;
export type StateFile = keyof typeof STATE_FILES;
const MAGIC: Record<StateFile, string> = { log: 'citizen_records-changes', kept: 'citizen_records-changes-kept' };
/** 2: the log and the kept data in files of their own (1 held both in changes-state.dat). */
const VERSION = 2;

const digest = (body: string): string => createHash('sha256').update(body).digest('hex');

/** The text of `file` holding `body`, bound to `server` (the database it describes). */
export function writeStateFile(file: StateFile, body: SavedFeed | SavedKept, server: string): string {
  const json = JSON.stringify(body);
  return `${MAGIC[file]} ${VERSION} ${encodeURIComponent(server)} ${digest(json)}\n${json}`;
}

export type StateRead = { ok: true; state: SavedState } | { ok: false; problem: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function isSavedFeed(value: unknown): value is SavedFeed {
  const v = value as SavedFeed;
  return (
    isObject(value) &&
    typeof v.instance === 'string' &&
    typeof v.secret === 'string' &&
    Number.isSafeInteger(v.run) &&
    isObject(v.formats) &&
    Object.values(v.formats).every(
      (f) =>
        isObject(f) &&
        Array.isArray(f.log?.entries) &&
        Number.isSafeInteger(f.log.head) &&
        Number.isSafeInteger(f.log.floor) &&
        isObject(f.runEnds),
    )
  );
}

function isSavedKept(value: unknown): value is SavedKept {
  const v = value as SavedKept;
  return (
    isObject(value) &&
    typeof v.instance === 'string' &&
    isObject(v.formats) &&
    Object.values(v.formats).every((f) => isObject(f) && Number.isSafeInteger(f.keptAt) && isObject(f.hashes))
  );
}

/** One file's body, if it is whole, of this version and of `server`; else why not. */
function readOne<T>(file: StateFile, text: string, server: string, isBody: (value: unknown) => value is T): T | string {
  const name = STATE_FILES[file];
  const newline = text.indexOf('\n');
  const [magic, version, owner, sum] = (newline === -1 ? text : text.slice(0, newline)).split(' ');
  if (magic !== MAGIC[file] || newline === -1) return `${name} is not a ${file} file of the change feed`;
  if (version !== String(VERSION)) return `${name} is of version ${version}, this resource writes ${VERSION}`;
  const body = text.slice(newline + 1);
  if (sum !== digest(body)) return `${name} is cut short or changed (its checksum does not match)`;
  let from: string;
  try {
    from = decodeURIComponent(owner);
  } catch {
    return `${name}'s header is damaged`;
  }
  if (from !== server) return `${name} belongs to another database (${from}, this server uses ${server})`;
  const parsed: unknown = JSON.parse(body);
  return isBody(parsed) ? parsed : `${name}'s content is not the feed state this resource writes`;
}

/**
 * Why the kept data cannot stand beside the log: it would leave changes made meanwhile unseen. A
 * log with entries needs kept data of its format (what a sweep compares with), no newer than the
 * log, and every entry past what it accounts for still in the log (looked up again at start).
 */
function pairProblem(feed: SavedFeed, kept: SavedKept): string | null {
  const where = STATE_FILES.kept;
  if (kept.instance !== feed.instance) return `${where} belongs to another instance of the feed than ${STATE_FILES.log}`;
  for (const [format, { log }] of Object.entries(feed.formats)) {
    const mine = kept.formats[format];
    if (log.head === 0) continue;
    if (!mine || mine.kept === null) return `${where} holds nothing of the ${format} feed, whose log has entries`;
    if (mine.keptAt > log.head) return `${where} is newer than ${STATE_FILES.log} (its log was not saved)`;
    if (log.floor > mine.keptAt) return `${where} is older than the oldest entry ${STATE_FILES.log} keeps of the ${format} feed`;
  }
  return null;
}

/**
 * The saved state of `server` from the two files' texts: null when nothing was saved (no log file),
 * else the state or why it cannot be used.
 */
export function readState(texts: Record<StateFile, string | null>, server: string): StateRead | null {
  if (texts.log === null) return null;
  const feed = readOne('log', texts.log, server, isSavedFeed);
  if (typeof feed === 'string') return { ok: false, problem: feed };
  if (texts.kept === null) return { ok: false, problem: `${STATE_FILES.kept} is missing` };
  const kept = readOne('kept', texts.kept, server, isSavedKept);
  if (typeof kept === 'string') return { ok: false, problem: kept };
  const problem = pairProblem(feed, kept);
  return problem ? { ok: false, problem } : { ok: true, state: { feed, kept } };
}
