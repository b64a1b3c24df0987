/**
 * Reading JSON that Lua's json.encode wrote into a TEXT column.
 *
 * A column holding unreadable JSON must never fail a lookup: the caller gets `undefined`
 * (so the field takes its default) and one warning names the citizen and the column.
 */
import { depthWithin, MAX_JSON_DEPTH } from './safe-json';

export type Warn = (message: string) => void;

export interface ColumnContext {
  /** The citizen the row belongs to (or the plate, for a vehicle), for the warning text. */
  citizen: string;
  /** What `citizen` names in the warning text: `citizen` unless said (`vehicle`). */
  kind?: string;
  warn: Warn;
}

/**
 * Parses a JSON column. SQL NULL, `''` and `'null'` are "no value" (undefined) without a warning;
 * text that is not JSON, or JSON nested deeper than MAX_JSON_DEPTH, is "no value" with one warning.
 */
export function parseJsonColumn(raw: unknown, column: string, ctx: ColumnContext): unknown {
  if (raw === null || raw === undefined) return undefined;
  if (typeof raw !== 'string') return raw;
  const text = raw.trim();
  if (text === '' || text === 'null') return undefined;
  try {
    const value: unknown = JSON.parse(text);
    if (value === null) return undefined;
    if (!depthWithin(value)) {
      ctx.warn(
        `${ctx.kind ?? 'citizen'} ${ctx.citizen}: column ${column} nests JSON deeper than ${MAX_JSON_DEPTH} levels; the field takes its default`,
      );
      return undefined;
    }
    return value;
  } catch {
    ctx.warn(`${ctx.kind ?? 'citizen'} ${ctx.citizen}: column ${column} holds unreadable JSON; the field takes its default`);
    return undefined;
  }
}
