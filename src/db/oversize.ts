import { dropOversizeMarkers } from './column-select';
import type { Row } from './database';
import type { Warn } from '../values/json-column';

/** How a lookup reads bounded columns (selectColumn's `maxBytes`), and where it says what it left out. */
export interface ColumnBounds {
  warn: Warn;
  /** Longer column values are not read (convar citizen_records:max_column_bytes). */
  maxColumnBytes: number;
}

/**
 * Names each column too long to read (left NULL by the query, so its field takes its default).
 * `kind` says what `citizen` names: a citizen's id, or a vehicle's plate.
 */
export function warnOversize(row: Row, citizen: string, options: ColumnBounds, kind = 'citizen'): void {
  dropOversizeMarkers(row, (column, bytes) =>
    options.warn(
      `${kind} ${citizen}: column ${column} holds ${bytes} bytes, more than citizen_records:max_column_bytes (${options.maxColumnBytes}); the field takes its default`,
    ),
  );
}
