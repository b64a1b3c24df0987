import { asRecord, asString } from './coerce';

/**
 * The entries of a decoded Lua list that are objects with a non-empty `name`, each with that
 * name. Anything else (a hole, a stray number, a nameless entry) names nothing a record could
 * show, so it is left out.
 */
export function namedEntries(items: readonly unknown[]): Array<[name: string, entry: Record<string, unknown>]> {
  const result: Array<[string, Record<string, unknown>]> = [];
  for (const item of items) {
    const entry = asRecord(item);
    const name = asString(entry?.name);
    if (entry && name !== '') result.push([name, entry]);
  }
  return result;
}
