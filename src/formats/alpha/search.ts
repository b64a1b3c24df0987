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
import { selectColumn } from '../../db/column-select';
import { quoteIdentifier } from '../../db/sql';
import type { TableColumn } from '../../db/table-columns';
import { storedDatePattern, type DateOrder } from '../../values/calendar-date';
import type { Warn } from '../../values/json-column';
import { warnOversize } from '../../db/oversize';
import { buildSearchStatement, runSearch, type FormatSearch, type SearchFields } from '../../search/sql';
import { selectAlphaColumns } from './query';
import { ALPHA_SUMMARY_FIELDS, normaliseAlphaSummary, type AlphaSummary } from './normalise';

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

/** The search over this server's `users` columns (the table has `identifier`, as prepareAlpha checks). */
export function prepareAlphaSearch(columns: ReadonlyMap<string, TableColumn>, options: AlphaSearchOptions): FormatSearch<AlphaSummary> {
  // Every summary field is the `users` column of the same name.
  const select = selectAlphaColumns(columns)
    .filter(({ key }) => (ALPHA_SUMMARY_FIELDS as readonly string[]).includes(key))
    .flatMap(({ key, column }) => selectColumn(column, key, options.maxColumnBytes));
  const fields: SearchFields = {
    firstName: columnOrNull(columns, 'firstname'),
    lastName: columnOrNull(columns, 'lastname'),
    id: columnOrNull(columns, 'identifier'),
    dob: columns.has('dateofbirth') ? columnOrNull(columns, 'dateofbirth') : null,
    phone: columns.has('phone_number') ? columnOrNull(columns, 'phone_number') : null,
  };
  const summary = (row: Record<string, unknown>): AlphaSummary => {
    warnOversize(row, String(row.identifier), options);
    return normaliseAlphaSummary(row, options);
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
    run(criteria, execute) {
      const statement = buildSearchStatement(USERS, select, fields, criteria, (date) => storedDatePattern(date, options.dobOrder));
      return runSearch(execute, statement, criteria.limit, summary);
    },
  };
}
