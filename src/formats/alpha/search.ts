/**
 * Citizen search over ESX `users`: names in `firstname`/`lastname` (esx_identity's columns),
 * birth dates as esx_identity stored them, phones in `phone_number` where the table has it.
 *
 * `users.phone_number` exists only where something added it: esx_core's `legacy.sql` from 1.5.0
 * (`INT(11)` with a unique index up to 1.9.0, `VARCHAR(20)` without one from 1.9.1), or a phone
 * resource (esx_phone, gcphone, NPWD's ESX bridge); `es_extended.sql` never created it
 * (esx-framework/esx_core@1.5.0:[SQL]/legacy.sql, @1.9.1:[SQL]/legacy.sql). Without it a phone
 * search is refused rather than answered with nobody.
 */
import type { z } from 'zod';
import { selectColumn } from '../../db/column-select';
import { quoteIdentifier } from '../../db/sql';
import type { TableColumn } from '../../db/table-columns';
import { storedDatePattern, type DateOrder } from '../common/calendar-date';
import type { Warn } from '../common/json-column';
import { warnOversize } from '../common/oversize';
import { buildSearchStatement, runSearch, type FormatSearch, type SearchExecute, type SearchFields } from '../common/search-sql';
import { selectAlphaColumns } from './columns';
import { normaliseAlphaRow } from './normalise';
import { alphaRecordSchema } from './schema';

/** The record's fields a search answers with; each is exactly the full record's. */
export const alphaSummarySchema = alphaRecordSchema.pick({
  identifier: true,
  firstname: true,
  lastname: true,
  dateofbirth: true,
  sex: true,
  height: true,
  job: true,
  job_grade: true,
  phone_number: true,
});

export type AlphaSummary = z.infer<typeof alphaSummarySchema>;

const SUMMARY_FIELDS = Object.keys(alphaSummarySchema.shape) as Array<keyof AlphaSummary>;

export interface AlphaSearchOptions {
  warn: Warn;
  /** The order this server's `dateofbirth` strings are read in (the record's). */
  dobOrder: DateOrder;
  maxColumnBytes: number;
}

const USERS = 'users';

/** A column's expression, or NULL where `users` lacks it (ESX 1.1 without esx_identity has no names). */
function columnOrNull(columns: ReadonlyMap<string, TableColumn>, name: string): string {
  const column = columns.get(name);
  return column ? quoteIdentifier(column.name) : 'NULL';
}

/** The search over this server's `users` columns (the table has `identifier`, as prepareAlphaLookup checks). */
export function prepareAlphaSearch(
  columns: ReadonlyMap<string, TableColumn>,
  options: AlphaSearchOptions,
  execute: SearchExecute,
): FormatSearch<AlphaSummary> {
  // Every summary field is one `users` column of the same name (sex also gives the skin's model, not read here).
  const select = selectAlphaColumns(columns)
    .filter(({ key }) => (SUMMARY_FIELDS as readonly string[]).includes(key))
    .flatMap(({ key, column }) => selectColumn(column, key, options.maxColumnBytes));
  const fields: SearchFields = {
    firstName: columnOrNull(columns, 'firstname'),
    lastName: columnOrNull(columns, 'lastname'),
    id: columnOrNull(columns, 'identifier'),
    dob: columns.has('dateofbirth') ? columnOrNull(columns, 'dateofbirth') : null,
    phone: columns.has('phone_number') ? columnOrNull(columns, 'phone_number') : null,
  };
  const normaliseOptions = { warn: options.warn, dobOrder: options.dobOrder };
  const summary = (row: Record<string, unknown>): AlphaSummary => {
    warnOversize(row, String(row.identifier), options);
    const record = normaliseAlphaRow({ row }, normaliseOptions);
    const picked = {} as Record<string, unknown>;
    for (const field of SUMMARY_FIELDS) picked[field] = record[field];
    return picked as AlphaSummary;
  };
  return {
    refuse({ dob, phone }) {
      if (phone !== null && fields.phone === null) {
        return (
          "This server's ESX users table has no phone_number column, so phone cannot be searched; " +
          "esx_core's legacy.sql (ESX Legacy 1.5.0 and later) or a phone resource such as esx_phone, gcphone or NPWD adds it."
        );
      }
      if (dob !== null && fields.dob === null) {
        return "This server's ESX users table has no dateofbirth column (esx_identity adds it), so dob cannot narrow a search.";
      }
      return null;
    },
    run(criteria) {
      const statement = buildSearchStatement(USERS, select, fields, criteria, (date) => storedDatePattern(date, options.dobOrder));
      return runSearch(execute, statement, criteria.limit, summary);
    },
  };
}
