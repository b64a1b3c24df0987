/**
 * The search SQL straight against MariaDB, without the resource: a mysql2 connection running each
 * statement as a server-side prepared statement (what oxmysql's rawExecute does), limited by the
 * database as the resource limits it, and the query parser in front, as the API puts it.
 */
import mysql from 'mysql2/promise';
import { directDatabase } from '../../devkit/db/direct-database';
import type { TestDatabase } from '../../devkit/db/test-database';
import type { ScanningDatabase, StatementRunner } from '../../src/db/database';
import { statementTimeoutStyle, type StatementTimeoutStyle } from '../../src/db/statement-timeout';
import { nextSearchCursor, pageLimit, parseSearchArgument, type CursorKey } from '../../src/search/query';
import type { FormatSearch, SearchCriteria, SearchPage } from '../../src/search/sql';

export interface SearchConnection {
  connection: mysql.Connection;
  /** The Database interface over the same connection, for the formats' own lookups and the searches. */
  db: ScanningDatabase;
  style: StatementTimeoutStyle;
  /** Runs a search statement, limited by the database to `timeoutMs`. */
  execute: StatementRunner;
  /** The rows the last search statement returned, before the page was cut (their keys: what crossed). */
  lastRows: Record<string, unknown>[];
  timeoutMs: number;
  close(): Promise<void>;
}

export async function searchConnection(db: TestDatabase, timeoutMs = 2000): Promise<SearchConnection> {
  const connection = await mysql.createConnection({ uri: db.url, supportBigNumbers: true, jsonStrings: true });
  const [rows] = await connection.query('SELECT VERSION() AS version');
  const state: SearchConnection = {
    connection,
    db: directDatabase(connection),
    style: statementTimeoutStyle(String((rows as Array<{ version: string }>)[0].version)),
    timeoutMs,
    lastRows: [],
    execute: async (sql, params) => {
      const result = await state.db.scan(sql, params, state.timeoutMs);
      state.lastRows = result.map((r) => ({ ...r }));
      return result;
    },
    close: () => connection.end(),
  };
  return state;
}

/** A format's search with the statement runner bound, as the tests call it. */
export interface BoundSearch<S> {
  refuse: FormatSearch<S>['refuse'];
  run(criteria: SearchCriteria): Promise<SearchPage<S>>;
}

export function bindSearch<S>(search: FormatSearch<S>, execute: StatementRunner): BoundSearch<S> {
  return { refuse: (c) => search.refuse(c), run: (criteria) => search.run(criteria, execute) };
}

export const CURSOR_KEY: CursorKey = { scope: 'test', secret: 'search harness secret' };

export interface SearchResult<S> {
  citizens: S[];
  next: string | null;
}

/** One page, as the service answers it; throws on invalid_query or a refusal (tests ask valid ones). */
export async function searchPage<S>(search: BoundSearch<S>, argument: Record<string, unknown>): Promise<SearchResult<S>> {
  const parse = parseSearchArgument(argument, CURSOR_KEY);
  if (!parse.ok) throw new Error(`invalid_query: ${parse.message}`);
  const { query } = parse;
  const refusal = search.refuse(query);
  if (refusal) throw new Error(`refused: ${refusal}`);
  const page = await search.run({
    terms: query.terms,
    dob: query.dob,
    phone: query.phone,
    after: query.cursor?.position ?? null,
    limit: pageLimit(query),
  });
  return { citizens: page.citizens, next: nextSearchCursor(query, page.citizens.length, page.last, page.more, CURSOR_KEY) };
}

/** Every page of a search, following `next` until it is null. */
export async function searchPages<S>(search: BoundSearch<S>, argument: Record<string, unknown>): Promise<S[][]> {
  const pages: S[][] = [];
  let cursor: string | null = null;
  do {
    const page: SearchResult<S> = await searchPage(search, cursor ? { ...argument, cursor } : argument);
    pages.push(page.citizens);
    cursor = page.next;
  } while (cursor !== null);
  return pages;
}
