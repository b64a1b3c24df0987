/**
 * A small in-memory Database for the unit suites of src/api, src/lookup and src/formats: tables
 * whose columns can be changed under a running service, the statements it was asked, failures it
 * is told to give, and answers held back until a test lets them go. It understands the few
 * statements those suites send: the information_schema reads of src/db/table-columns.ts, a key
 * lookup `SELECT <list> FROM <table> WHERE <column> = ? [LIMIT n]` (the list as
 * src/db/column-select.ts writes it, see `selectItem`; the key compared as the column's collation
 * compares), the fake format's search statement (`SEARCH <table>`, run through `scan`), the two
 * vehicle statements of src/vehicles/query.ts (a plate, a citizen's list), and
 * answers a missing table or column with MariaDB's own words (ER_NO_SUCH_TABLE,
 * ER_BAD_FIELD_ERROR), as the oxmysql adapter hands them on: a 'failed' DatabaseError.
 *
 * `peopleFormat` is a format over its `people` table, so the suites exercise the service without
 * depending on what any real format's tables look like.
 */
import { DatabaseError, type Row, type ScanningDatabase } from '../../src/db/database';
import { readTableColumns } from '../../src/db/table-columns';
import { defineFormat, type FormatLookups, type FormatOptions } from '../../src/formats/format';
import type { AnyFormat, FormatName } from '../../src/formats/registry';
import { metNobody } from '../../src/lookup/looked';

/** COLUMN_TYPE as information_schema gives it: `varchar(64)`, `int(11)`, `longtext`. */
export type ColumnType = string;

export interface Statement {
  sql: string;
  params: readonly unknown[];
}

interface Table {
  columns: Map<string, ColumnType>;
  rows: Row[];
  /** The columns leading an index; the first is the primary key's. */
  indexes: string[];
}

const TEXT_BYTES: Record<string, number> = { tinytext: 255, text: 65_535, mediumtext: 16_777_215, longtext: 4_294_967_295 };

/** information_schema's view of one column (utf8mb4: 4 bytes a character); `indexes` as Table's. */
function columnInfo(table: string, name: string, type: ColumnType, indexes: readonly string[]) {
  const dataType = type.replace(/\(.*$/, '').toLowerCase();
  const length = /^(?:var)?char\((\d+)\)/i.exec(type);
  const maxBytes = length ? Number(length[1]) * 4 : (TEXT_BYTES[dataType] ?? null);
  const collation = maxBytes === null ? null : 'utf8mb4_general_ci';
  const k = indexes[0] === name ? 'PRI' : indexes.includes(name) ? 'MUL' : '';
  return { t: table, c: name, type, collation, k, name, dataType, maxBytes };
}

/** A key lookup: the select list, the table, the key column, the LIMIT if any. */
const KEY_SELECT = /^SELECT (.+) FROM `(\w+)` WHERE `(\w+)` = \?(?: LIMIT (\d+))?$/;
const SEARCH = /^SEARCH `(\w+)`$/;
/** src/vehicles/query.ts's plateQuery: the vehicles table, its plate column, the forms' placeholders. */
const PLATE_SELECT = /^SELECT .+ FROM `(\w+)` AS `v` .*WHERE `v`\.`(\w+)` IN \(([?, ]+)\) ORDER BY /;
/** src/vehicles/query.ts's citizenVehiclesQuery: the owner's key and table, the vehicles table and its owner column. */
const CITIZEN_VEHICLES =
  /FROM \(SELECT `(\w+)` AS `owner:key` FROM `(\w+)` WHERE `\w+` = \? LIMIT 1\) AS `o` LEFT JOIN `(\w+)` AS `v` ON `v`\.`(\w+)` = /;

export class FakeDatabase implements ScanningDatabase {
  /** isReady(): oxmysql connected. */
  ready = true;
  /** Every statement asked, in order, answered or not. */
  readonly statements: Statement[] = [];
  /** The time limit of each scan asked, in order. */
  readonly scanLimits: number[] = [];
  private readonly tables = new Map<string, Table>();
  private readonly failures: { error: DatabaseError; only: RegExp | undefined }[] = [];
  private held: (() => void)[] | null = null;
  private holding: RegExp | undefined;
  private closed = false;

  /**
   * Creates or replaces a table: `columns` maps each name to its COLUMN_TYPE; `indexes` lists the
   * columns that lead an index (information_schema.STATISTICS), the primary key's first.
   */
  createTable(name: string, columns: Record<string, ColumnType>, rows: Row[] = [], indexes: string[] = []): void {
    this.tables.set(name, { columns: new Map(Object.entries(columns)), rows: rows.map((row) => ({ ...row })), indexes });
  }

  dropTable(name: string): void {
    this.tables.delete(name);
  }

  /** Changes a column's type, adds it (a type) or drops it (null), keeping the rows. */
  alterColumn(table: string, column: string, type: ColumnType | null): void {
    const t = this.table(table);
    if (type === null) {
      t.columns.delete(column);
      for (const row of t.rows) delete row[column];
    } else t.columns.set(column, type);
  }

  /**
   * The next `times` statements (of those whose SQL matches `only`, when given) reject with `error`:
   * the database losing the connection, a timeout, a bad query.
   */
  failNext(error: DatabaseError, times = 1, only?: RegExp): void {
    for (let i = 0; i < times; i++) this.failures.push({ error, only });
  }

  /**
   * Statements from now on (those whose SQL matches `only`, when given) are not answered until
   * release(): for callers arriving while one is under way.
   */
  hold(only?: RegExp): void {
    this.held ??= [];
    this.holding = only;
  }

  release(): void {
    const held = this.held ?? [];
    this.held = null;
    this.holding = undefined;
    for (const answer of held) answer();
  }

  /** Statements whose SQL matches. */
  asked(pattern: RegExp): Statement[] {
    return this.statements.filter((s) => pattern.test(s.sql));
  }

  isReady(): boolean {
    return this.ready && !this.closed;
  }

  isHealthy(): boolean {
    return this.isReady();
  }

  async probe(): Promise<boolean> {
    return this.isHealthy();
  }

  close(): void {
    this.closed = true;
  }

  scan(sql: string, params: readonly unknown[], timeoutMs: number): Promise<Row[]> {
    this.scanLimits.push(timeoutMs);
    return this.query(sql, params);
  }

  async single(sql: string, params: readonly unknown[]): Promise<Row | null> {
    return (await this.query(sql, params))[0] ?? null;
  }

  query(sql: string, params: readonly unknown[]): Promise<Row[]> {
    this.statements.push({ sql, params });
    const index = this.failures.findIndex(({ only }) => !only || only.test(sql));
    const failure = index < 0 ? undefined : this.failures.splice(index, 1)[0].error;
    const answer = () =>
      failure ? Promise.reject(failure) : this.closed ? Promise.reject(new DatabaseError('stopping', 'closed')) : this.answer(sql, params);
    if (!this.held || (this.holding && !this.holding.test(sql))) return answer();
    const held = this.held;
    return new Promise((resolve, reject) => held.push(() => answer().then(resolve, reject)));
  }

  private table(name: string): Table {
    const table = this.tables.get(name);
    if (!table) throw new DatabaseError('failed', `Table 'fake.${name}' doesn't exist`);
    return table;
  }

  private async answer(sql: string, params: readonly unknown[]): Promise<Row[]> {
    if (sql.includes('information_schema.COLUMNS')) {
      const rows: Row[] = [];
      for (const name of [...params].map(String).sort()) {
        const table = this.tables.get(name);
        for (const [column, type] of table?.columns ?? []) rows.push(columnInfo(name, column, type, table?.indexes ?? []));
      }
      return rows;
    }
    if (sql.includes('information_schema.STATISTICS')) {
      return (this.tables.get(String(params[0]))?.indexes ?? []).map((name, i) => ({ idx: i === 0 ? 'PRIMARY' : name, name }));
    }
    const plate = PLATE_SELECT.exec(sql);
    if (plate) {
      // [the forms…, the plate as typed]: a row with one of the forms, the typed spelling first.
      const [, from, column, marks] = plate;
      const forms = params.slice(0, marks.split('?').length - 1);
      const found = this.table(from).rows.filter((row) => forms.includes(row[column]));
      const row = found.find((r) => r[column] === params[forms.length]) ?? found[0];
      return row ? [{ ...row }] : [];
    }
    const citizen = CITIZEN_VEHICLES.exec(sql);
    if (citizen) {
      // [the owner's id]: no row for no such owner, one with a NULL plate for an owner without vehicles.
      const [, key, owners, vehicles, ownerColumn] = citizen;
      if (!this.table(owners).rows.some((row) => row[key] === params[0])) return [];
      const rows = this.table(vehicles)
        .rows.filter((row) => row[ownerColumn] === params[0])
        .sort((a, b) => (String(a.plate) < String(b.plate) ? -1 : 1));
      return rows.length === 0 ? [{ 'owner:key': params[0], plate: null }] : rows.map((row) => ({ 'owner:key': params[0], ...row }));
    }
    const search = SEARCH.exec(sql);
    if (search) {
      // [name prefix, after this id, at most]: names starting with the prefix (any case), by id.
      const [prefix, after, limit] = [String(params[0]).toLowerCase(), String(params[1]), Number(params[2])];
      const rows = this.table(search[1]).rows.filter(
        (row) =>
          String(row.name ?? '')
            .toLowerCase()
            .startsWith(prefix) && String(row.id) > after,
      );
      return rows
        .sort((a, b) => (String(a.id) < String(b.id) ? -1 : 1))
        .slice(0, limit)
        .map((row) => ({ ...row }));
    }
    const select = KEY_SELECT.exec(sql);
    if (!select) throw new Error(`the fake database does not understand: ${sql}`);
    const [, list, from, where, limit] = select;
    const table = this.table(from);
    const items = splitSelectList(list).map(selectItem);
    for (const column of [...items.map((item) => item.column), where]) {
      if (!table.columns.has(column)) throw new DatabaseError('failed', `Unknown column '${column}' in 'field list'`);
    }
    const key = keyComparison(columnInfo(from, where, table.columns.get(where) ?? '', table.indexes).collation);
    return table.rows
      .filter((row) => key(row[where], params[0]))
      .slice(0, limit === undefined ? undefined : Number(limit))
      .map((row) => Object.fromEntries(items.map((item) => [item.alias, item.read(row)])));
  }
}

/** The items of a select list: split at the commas outside parentheses (`IF(a, b, c)` is one). */
function splitSelectList(list: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    if (list[i] === '(') depth++;
    else if (list[i] === ')') depth--;
    else if (list[i] === ',' && depth === 0) {
      items.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  return [...items, list.slice(start).trim()];
}

interface SelectItem {
  /** The stored column it reads: the first name it quotes. */
  column: string;
  /** The key it answers under: its `AS`, or the column. */
  alias: string;
  read(row: Row): unknown;
}

/**
 * One item of a select list as src/db/column-select.ts and the formats write them. The fake holds
 * values as the suites give them, so the casts (`+ 0`, `CAST(… AS CHAR)`, `CONVERT(… USING utf8mb4)`)
 * leave them as they are; what it does evaluate is what decides which values come back: the size
 * check (`IF(OCTET_LENGTH(c) > n, NULL, c)` and its `IF(…, OCTET_LENGTH(c), NULL)` companion, in
 * UTF-8 bytes) and `UNIX_TIMESTAMP(c)` of a stored Date or date text (in seconds).
 */
function selectItem(item: string): SelectItem {
  const column = /`([^`]+)`/.exec(item)?.[1] ?? item;
  const alias = / AS `([^`]+)`$/.exec(item)?.[1] ?? column;
  const stored = (row: Row) => row[column] ?? null;
  const sizeLimit = /^IF\(OCTET_LENGTH\(.+\) > (\d+), /.exec(item);
  if (sizeLimit) {
    const tooLong = (value: unknown) => value !== null && Buffer.byteLength(String(value)) > Number(sizeLimit[1]);
    if (/, NULL\) AS `[^`]+`$/.test(item)) {
      return { column, alias, read: (row) => (tooLong(stored(row)) ? Buffer.byteLength(String(stored(row))) : null) };
    }
    return { column, alias, read: (row) => (tooLong(stored(row)) ? null : stored(row)) };
  }
  if (item.startsWith('UNIX_TIMESTAMP(')) {
    return {
      column,
      alias,
      read: (row) => {
        const value = stored(row);
        return value === null ? null : (value instanceof Date ? value.getTime() : Date.parse(String(value))) / 1000;
      },
    };
  }
  return { column, alias, read: stored };
}

/** How `=` compares a key under a collation: a `_ci` one ignores case (accents are not folded here). */
function keyComparison(collation: string | null): (stored: unknown, asked: unknown) => boolean {
  if (!collation?.endsWith('_ci')) return (stored, asked) => stored === asked;
  return (stored, asked) =>
    typeof stored === 'string' && typeof asked === 'string' ? stored.toLowerCase() === asked.toLowerCase() : stored === asked;
}

export interface PeopleRecord {
  id: string;
  name: string | null;
}

/** The `people` table as the fake format expects it, with one citizen. */
export const PEOPLE_COLUMNS = { id: 'varchar(8)', name: 'varchar(50)', license: 'varchar(60)' } as const;
export const PERSON = { id: '1001', name: 'Ada Vance', license: 'license:9a3c5e7f1b2d4068ace13579bdf02468ace1357a' };

/**
 * A format over the fake's `people` table: ids are digits, `name` is read when the table has it,
 * and a license lookup needs a `license` column. Its name stands in for a registry name.
 */
export const peopleFormat: AnyFormat = defineFormat({
  name: 'people' as FormatName,
  title: 'People',
  framework: 'Fake',
  table: 'people',
  tables: ['people'],
  idRule: { pattern: '^[0-9]{1,8}$', wording: '1 to 8 digits', description: 'digits', example: '1001', error: 'invalid_id' },
  isValidId: (id) => /^[0-9]{1,8}$/.test(id),
  idCandidates: (id) => [id],
  // Vehicles in a `cars` table (plate, owner): unavailable where a suite does not create it.
  vehicles: {
    table: 'cars',
    ownerColumn: 'owner',
    read: ['plate', 'owner'],
    ownerTable: 'people',
    ownerKey: 'id',
    ownerRead: [],
    ownerMatch: () => ({ where: '`id` = ?', order: '', params: (id: string) => [id] }),
    normalise: (row) => ({ ...EMPTY_VEHICLE, plate: String(row.plate), owner: String(row.owner) }),
  },
  // Nothing of a person moves by itself; no change column.
  changes: { citizens: { ignore: [], remove: {}, changedAt: '' }, vehicles: { ownerMembers: null } },
  async prepare(db): Promise<FormatLookups<PeopleRecord> | null> {
    const columns = await readTableColumns(db, 'people');
    if (!columns?.has('id')) return null;
    const list = ['id', ...(columns.has('name') ? ['name'] : [])].map((c) => `\`${c}\``).join(', ');
    const toRecord = (row: Row): PeopleRecord => ({ id: String(row.id), name: row.name == null ? null : String(row.name) });
    return {
      // By the first word of the name, in id order; no phones to search.
      search: {
        refuse: ({ phone }) => (phone === null ? null : 'people have no phone numbers'),
        async run(criteria, execute) {
          const rows = await execute('SEARCH `people`', [criteria.terms[0] ?? '', criteria.after?.[4] ?? '', criteria.limit + 1]);
          const kept = rows.slice(0, criteria.limit);
          const last = kept[kept.length - 1];
          return { citizens: kept.map(toRecord), last: last ? [0, '', 0, '', String(last.id)] : null, more: rows.length > criteria.limit };
        },
      },
      async byId(id) {
        const row = await db.single(`SELECT ${list} FROM \`people\` WHERE \`id\` = ?`, [id]);
        return metNobody(row && toRecord(row));
      },
      async byLicense(license) {
        if (!columns.has('license')) return metNobody([]);
        const rows = await db.query(`SELECT ${list} FROM \`people\` WHERE \`license\` = ?`, [`license:${license.hex}`]);
        return metNobody(rows.map(toRecord));
      },
    };
  },
});

/** Format options for the fake format (it reads none of them but the table's columns). */
export const FAKE_FORMAT_OPTIONS: FormatOptions = {
  warn: () => undefined,
  info: () => undefined,
  dobOrder: 'auto',
  groups: () => undefined,
  now: () => 0,
  maxColumnBytes: 4_194_304,
  esxCharacterPrefix: 'char',
  esxMaxCharacters: 4,
  vehicles: () => undefined,
};

/** A vehicle record with every field at its default, for the fake format's `cars`. */
const EMPTY_VEHICLE = {
  plate: '',
  owner: '',
  owner_name: '',
  model: '',
  label: '',
  model_hash: 0,
  type: '',
  job: '',
  state: 'unknown' as const,
  garage: '',
  fuel: 100,
  engine: 1000,
  body: 1000,
  fakeplate: '',
  properties: {},
};

/** A clock the suites move by hand. */
export function manualClock(start = 0) {
  let now = start;
  return {
    now: () => now,
    advance(ms: number) {
      now += ms;
    },
  };
}
