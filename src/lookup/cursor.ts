/**
 * The opaque cursors of paged answers (a search's, a members page's): the next page's position,
 * bound to the question it belongs to (a hash of the format and what was asked), under an HMAC
 * with a key made at start. Another question's cursor is told apart from a changed or foreign one
 * (or one from before a restart), so the 400 can say which.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** What binds cursors: the format they were given for, and the resource's secret for this run. */
export interface CursorKey {
  scope: string;
  secret: string | Uint8Array;
}

/** Longer cursors are no cursor this service gave out (two names and an id fit many times over). */
const MAX_CURSOR_LENGTH = 4096;
const CURSOR_VERSION = 1;

function questionHash(question: string, scope: string): string {
  return createHash('sha256').update(`${scope}\u0000${question}`).digest('base64url').slice(0, 16);
}

function mac(payload: string, key: CursorKey): Buffer {
  return createHmac('sha256', key.secret).update(payload).digest().subarray(0, 16);
}

/** The cursor carrying `fields` (JSON values) for the question `question` asked in `key.scope`. */
export function sealCursor(question: string, fields: readonly unknown[], key: CursorKey): string {
  const payload = Buffer.from(JSON.stringify([CURSOR_VERSION, questionHash(question, key.scope), ...fields])).toString('base64url');
  return `${payload}.${mac(payload, key).toString('base64url')}`;
}

/** Its fields; or why not: not one this run gave out, or given for another question. */
export type OpenedCursor = { ok: true; fields: unknown[] } | { ok: false; why: 'not_ours' | 'other_question' };

export function openCursor(text: string, question: string, key: CursorKey): OpenedCursor {
  const notOurs: OpenedCursor = { ok: false, why: 'not_ours' };
  const match = text.length <= MAX_CURSOR_LENGTH ? /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/.exec(text) : null;
  if (!match) return notOurs;
  const [, payload, signature] = match;
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== 16 || !timingSafeEqual(given, mac(payload, key))) return notOurs;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return notOurs;
  }
  if (!Array.isArray(decoded) || decoded[0] !== CURSOR_VERSION) return notOurs;
  if (decoded[1] !== questionHash(question, key.scope)) return { ok: false, why: 'other_question' };
  return { ok: true, fields: decoded.slice(2) };
}
