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

function mac(payload: string, secret: string | Uint8Array): Buffer {
  return createHmac('sha256', secret).update(payload).digest().subarray(0, 16);
}

const SEALED = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{22})$/;

/** `payload.signature`: `fields` as base64url JSON, under an HMAC-SHA-256 cut to 16 bytes. Every cursor of the resource is one. */
export function seal(fields: readonly unknown[], secret: string | Uint8Array): string {
  const payload = Buffer.from(JSON.stringify(fields)).toString('base64url');
  return `${payload}.${mac(payload, secret).toString('base64url')}`;
}

/**
 * The fields of a sealed text, and whether its signature holds (read apart, so a caller may tell
 * another instance's cursor from a forged one by a field before the signature); null when it is no
 * sealed text at all (longer than `maxLength`, another shape, no JSON list inside).
 */
export function unseal(text: string, secret: string | Uint8Array, maxLength: number): { fields: unknown[]; signed: boolean } | null {
  const match = text.length <= maxLength ? SEALED.exec(text) : null;
  if (!match) return null;
  const [, payload, signature] = match;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(fields)) return null;
  const given = Buffer.from(signature, 'base64url');
  return { fields, signed: given.length === 16 && timingSafeEqual(given, mac(payload, secret)) };
}

/** The cursor carrying `fields` (JSON values) for the question `question` asked in `key.scope`. */
export function sealCursor(question: string, fields: readonly unknown[], key: CursorKey): string {
  return seal([CURSOR_VERSION, questionHash(question, key.scope), ...fields], key.secret);
}

/** Its fields; or why not: not one this run gave out, or given for another question. */
export type OpenedCursor = { ok: true; fields: unknown[] } | { ok: false; why: 'not_ours' | 'other_question' };

export function openCursor(text: string, question: string, key: CursorKey): OpenedCursor {
  const notOurs: OpenedCursor = { ok: false, why: 'not_ours' };
  const opened = unseal(text, key.secret, MAX_CURSOR_LENGTH);
  if (!opened?.signed || opened.fields[0] !== CURSOR_VERSION) return notOurs;
  if (opened.fields[1] !== questionHash(question, key.scope)) return { ok: false, why: 'other_question' };
  return { ok: true, fields: opened.fields.slice(2) };
}
