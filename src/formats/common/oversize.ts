import { dropOversizeMarkers } from '../../db/column-select';
import type { Row } from '../../db/database';
import type { FormatOptions } from '../format';

/** Names each column too long to read (left NULL by the query, so its field takes its default). */
export function warnOversize(row: Row, citizen: string, options: Pick<FormatOptions, 'warn' | 'maxColumnBytes'>): void {
  dropOversizeMarkers(row, (column, bytes) =>
    options.warn(
      `citizen ${citizen}: column ${column} holds ${bytes} bytes, more than citizen_records:max_column_bytes (${options.maxColumnBytes}); the field takes its default`,
    ),
  );
}
