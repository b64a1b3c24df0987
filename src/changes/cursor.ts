/**
 * The feed's cursors: where a consumer stands, opaque to it, signed so that it cannot point
 * anywhere the feed did not send it. A cursor names its format and the feed's instance (made with
 * the state, kept across restarts in the state file with the signing secret), then either a place
 * in the snapshot walk or a sequence number of the log.
 *
 * What a cursor that does not verify gets: one that is no cursor at all (cut, changed in its
 * readable part, not ours in shape) is 400 invalid_query; one of another instance (another server,
 * or this one before its state was lost, whose secret is gone with it) is 410 cursor_expired, as
 * the consumer's only way on is a new snapshot. A forged one that claims another instance is told
 * 410 too: the two cannot be told apart without that instance's secret (the design's §2.10).
 */
import { CHANGE_KINDS, type ChangeKind } from '../contract/changes';
import { seal, unseal } from '../lookup/cursor';

/**
 * Where a reader stands, and in which run of the feed (one run per start) it was handed out: a run
 * that ended without saving its state lost the sequence numbers it gave after its last save.
 */
export type CursorPosition = {
  run: number;
} /** In the snapshot begun when the log's head was `since`: past `after` (null: at the start) of `kind`. */ & (
  | { phase: 'snapshot'; since: number; kind: ChangeKind; after: string | null }
  /** In the log, past sequence `seq`. */
  | { phase: 'log'; seq: number }
);

/** What binds cursors to one feed: its instance id and signing secret. */
export interface CursorKey {
  instance: string;
  secret: Uint8Array;
}

export type CursorRead = { ok: true; position: CursorPosition } | { ok: false; code: 'invalid_query' | 'cursor_expired'; message: string };

const VERSION = 1;
/** Far longer than any cursor this gives out (an id of 64 characters, base64): anything longer is not one. */
const MAX_LENGTH = 1024;

export function encodeCursor(format: string, position: CursorPosition, key: CursorKey): string {
  const fields =
    position.phase === 'log'
      ? [VERSION, format, key.instance, position.run, 'l', position.seq]
      : [VERSION, format, key.instance, position.run, 's', position.since, CHANGE_KINDS.indexOf(position.kind), position.after];
  return seal(fields, key.secret);
}

const NOT_A_CURSOR =
  'cursor is not one this server gave out (cut short or changed); pass the `next` of the previous page as it came, or start a new snapshot without a cursor.';
const EXPIRED =
  'cursor comes from another instance of the feed (another server, or this one before its state was lost): start a new snapshot without a cursor, then drop what you hold and did not see again.';

const isSeq = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** The position a cursor of `format` names, checked by signature, before anything reaches the database. */
export function decodeCursor(text: string, format: string, key: CursorKey): CursorRead {
  const invalid = (message: string): CursorRead => ({ ok: false, code: 'invalid_query', message });
  const opened = unseal(text, key.secret, MAX_LENGTH);
  if (!opened) return invalid(NOT_A_CURSOR);
  const { fields } = opened;
  if (fields[0] !== VERSION || typeof fields[1] !== 'string' || typeof fields[2] !== 'string') return invalid(NOT_A_CURSOR);
  if (fields[2] !== key.instance) return { ok: false, code: 'cursor_expired', message: EXPIRED };
  if (!opened.signed) return invalid(NOT_A_CURSOR);
  if (fields[1] !== format) {
    return invalid(
      `cursor belongs to the ${fields[1]} feed; use it on /${fields[1]}/changes, or start a snapshot of ${format} without a cursor.`,
    );
  }
  const [, , , run, phase, seq, kindIndex, after] = fields;
  if (!isSeq(run) || !isSeq(seq)) return invalid(NOT_A_CURSOR);
  if (phase === 'l' && fields.length === 6) return { ok: true, position: { run, phase: 'log', seq } };
  const kind = Number.isInteger(kindIndex) ? CHANGE_KINDS[kindIndex as number] : undefined;
  if (phase === 's' && fields.length === 8 && kind !== undefined && (after === null || typeof after === 'string')) {
    return { ok: true, position: { run, phase: 'snapshot', since: seq, kind, after } };
  }
  return invalid(NOT_A_CURSOR);
}
