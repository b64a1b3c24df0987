/**
 * The feed's state as one text file in the resource's folder (the FiveM side writes it with
 * SaveResourceFile and reads it with LoadResourceFile): a first line with the format's version,
 * the server it belongs to and a SHA-256 of the rest, then the state as JSON. A file cut short,
 * changed, of another version or of another server (another database) is refused with the reason,
 * and the feed starts afresh: a new instance, whose cursors the old ones are not.
 */
import { createHash } from 'node:crypto';
import type { SavedFeed } from './feed';

/** The file's name in the resource's folder. */
export const STATE_FILE = 'changes-state.dat';
const MAGIC = 'citizen_records-changes';
const VERSION = 1;

const digest = (body: string): string => createHash('sha256').update(body).digest('hex');

/** The file's text for `feed`, bound to `server` (the database it describes). */
export function writeStateFile(feed: SavedFeed, server: string): string {
  const body = JSON.stringify(feed);
  return `${MAGIC} ${VERSION} ${encodeURIComponent(server)} ${digest(body)}\n${body}`;
}

export type StateRead = { ok: true; feed: SavedFeed } | { ok: false; problem: string };

function isSavedFeed(value: unknown): value is SavedFeed {
  const v = value as SavedFeed;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof v.instance === 'string' &&
    typeof v.secret === 'string' &&
    typeof v.formats === 'object' &&
    v.formats !== null &&
    Object.values(v.formats).every(
      (f) =>
        typeof f === 'object' &&
        f !== null &&
        Array.isArray(f.log?.entries) &&
        Number.isSafeInteger(f.log.head) &&
        typeof f.hashes === 'object',
    )
  );
}

/** The state in `text`, if it is whole and of `server`. */
export function readStateFile(text: string, server: string): StateRead {
  const newline = text.indexOf('\n');
  const [magic, version, owner, sum] = (newline === -1 ? text : text.slice(0, newline)).split(' ');
  if (magic !== MAGIC || newline === -1) return { ok: false, problem: 'it is not a state file of the change feed' };
  if (version !== String(VERSION)) return { ok: false, problem: `it is of version ${version}, this resource writes ${VERSION}` };
  const body = text.slice(newline + 1);
  if (sum !== digest(body)) return { ok: false, problem: 'it is cut short or changed (its checksum does not match)' };
  let from: string;
  try {
    from = decodeURIComponent(owner);
  } catch {
    return { ok: false, problem: 'its header is damaged' };
  }
  if (from !== server) return { ok: false, problem: `it belongs to another database (${from}, this server uses ${server})` };
  const feed: unknown = JSON.parse(body);
  return isSavedFeed(feed) ? { ok: true, feed } : { ok: false, problem: 'its content is not the feed state this resource writes' };
}
