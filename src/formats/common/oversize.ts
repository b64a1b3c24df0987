import { dropOversizeMarkers } from '../../db/column-select';
import type { Row } from '../../db/database';
import type { FormatOptions } from '../format';

/**
 * Names each column too long to read (left NULL by the query, so its field takes its default).
 * `kind` says what `citizen` names: a citizen's id, or a vehicle's plate.
 */
export function warnOversize(row: Row, citizen: string, options: Pick<FormatOptions, 'warn' | 'maxColumnBytes'>, kind = 'citizen'): void {
  dropOversizeMarkers(row, (column, bytes) =>
    options.warn(
      `${kind} ${citizen}: column ${column} holds ${bytes} bytes, more than citizen_records:max_column_bytes (${options.maxColumnBytes}); the field takes its default`,
    ),
  );
}
