/**
 * The search room: one page of citizens found by name, birth date or phone (docs/design.md §2.7).
 * Always a scan (no index serves a name search on the frameworks' own schemas): the bounded
 * statement under the search cap, and a cursor signed for this run and this format.
 */
import { fail, ok } from '../lookup/envelope';
import { metNobody } from '../lookup/looked';
import type { Checked, Room } from '../lookup/pipeline';
import type { FormatSearch } from './sql';
import {
  nextSearchCursor,
  pageLimit,
  parseSearchArgument,
  parseSearchQueryString,
  searchFilterKey,
  type CursorKey,
  type SearchQuery,
} from './query';

/** What a format's bound lookups offer a search (its `search`); null where its table is missing. */
export type SearchTables = { search: FormatSearch<unknown> } | null;

export interface SearchRoomOptions {
  /** Signs the cursors this run hands out (random per start). */
  cursorSecret: Uint8Array;
  /** The 501 of a format whose table is missing, as the citizens room words it. */
  missingTable(format: string): string;
}

interface Search {
  query: SearchQuery;
  key: CursorKey;
  limit: number;
}

function checkSearch(options: SearchRoomOptions, format: string, given: unknown, via: 'http' | 'export'): Checked<Search> {
  const key: CursorKey = { scope: format, secret: options.cursorSecret };
  // An HTTP query string that is not one cannot happen; '' stands for none.
  const parse = via === 'http' ? parseSearchQueryString(typeof given === 'string' ? given : '', key) : parseSearchArgument(given, key);
  if (!parse.ok) return { ok: false, refused: fail('invalid_query', parse.message) };
  return { ok: true, value: { query: parse.query, key, limit: pageLimit(parse.query) } };
}

export function searchRoom(options: SearchRoomOptions): Room<Search, SearchTables, FormatSearch<unknown>> {
  return {
    input: (format, given, via) => checkSearch(options, format, given, via),
    key: ({ query, limit }) => `search\u0000${searchFilterKey(query)}\u0000${limit}\u0000${JSON.stringify(query.cursor?.position ?? null)}`,
    what: ({ query }) => `search ${JSON.stringify({ name: query.terms.join(' '), dob: query.dob, phone: query.phone })}`,
    runner: 'scan',
    usable: (format, bound) =>
      bound ? { ok: true, value: bound.search } : { ok: false, refused: fail('format_unavailable', options.missingTable(format)) },
    scanStopped: () => ({ subject: 'The search', advice: 'narrow it (more of the name, a dob or a phone) or try again.' }),
    async answer({ input: { query, key, limit }, tables: search, execute }) {
      const refusal = search.refuse(query);
      if (refusal) return metNobody(fail('invalid_query', refusal));
      const criteria = { terms: query.terms, dob: query.dob, phone: query.phone, after: query.cursor?.position ?? null, limit };
      const page = await search.run(criteria, execute);
      return metNobody(ok({ citizens: page.citizens, next: nextSearchCursor(query, page.citizens.length, page.last, page.more, key) }));
    },
  };
}
